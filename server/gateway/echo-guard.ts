/**
 * An ERP answer that echoes its own request URL (a ColdFusion debug/error page can) would carry the
 * API password to the browser: such an answer is never passed on (502 upstream_http, log detail
 * "password_echo"). Checks the password as sent and URL-encoded.
 */
import { Buffer } from 'node:buffer';
import { GatewayError, MESSAGES, fill } from './messages';
import type { UpstreamAnswer } from './upstream';

/** A check that throws when an answer contains `erpApiPassword` (no-op when there is no password). */
export function passwordEchoGuard(erpApiPassword: string): (answer: UpstreamAnswer) => void {
  const needles = erpApiPassword
    ? [...new Set([erpApiPassword, encodeURIComponent(erpApiPassword)])].map((v) => Buffer.from(v, 'utf8'))
    : [];
  return (answer) => {
    if (needles.length === 0) return;
    const body = Buffer.from(answer.body);
    if (needles.some((needle) => body.includes(needle))) {
      throw new GatewayError('upstream_http', fill(MESSAGES.upstreamUnreadable, { status: answer.status }), {
        upstreamStatus: answer.status,
        detail: 'password_echo',
      });
    }
  };
}
