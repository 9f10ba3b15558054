/**
 * Mutabakat flow tests' direct line to the server (the same gateway the page uses, through the
 * harness's cookie jar): to read what a page saved and to set up state a test is not about.
 */
import { APP_ORIGIN, gatewayFetch } from '../harness';

export async function mutApi<T = unknown>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await gatewayFetch(
    new Request(`${APP_ORIGIN}/api/mutabakat/${path}`, {
      method,
      headers: { 'x-app-request': '1', ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    }),
  );
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** "1.234,56" for kuruş, worked here (not the app's formatter). */
export const tl = (minor: number) => {
  const abs = Math.abs(minor);
  return `${String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${String(abs % 100).padStart(2, '0')}`;
};
