/**
 * /denetim/davet#<token> — the auditor opens their account (Denetçi modu): what the invitation is for,
 * a password, the authenticator app linked by its first code, the recovery codes shown once. The token
 * stays in the URL's fragment (never sent in a query or logged); it goes only in the API calls' bodies.
 */
import { useId, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { confirmInvite, inviteInfo, setInvitePassword } from '../../api/denetim';
import { userMessageOf } from '../../domain/errors';
import { formatDate } from '../../domain/format';
import { TextField } from '../../components/form/text-field';
import { PageHeader } from '../../components/layout/page-header';
import { t } from '../../i18n';
import './denetim.css';

const tokenOf = () => (typeof location !== 'undefined' ? location.hash.replace(/^#/, '') : '');

export default function InvitePage() {
  const id = useId();
  const [token] = useState(tokenOf);
  const info = useQuery({ queryKey: ['denetci', 'invite'], queryFn: () => inviteInfo(token), enabled: !!token, retry: false, staleTime: Infinity });
  const [password, setPassword] = useState('');
  const [password2, setPassword2] = useState('');
  const [code, setCode] = useState('');
  const [check, setCheck] = useState<string | null>(null);
  const pw = useMutation({ mutationFn: () => setInvitePassword(token, password) });
  const confirm = useMutation({ mutationFn: () => confirmInvite(token, code.replace(/\s/g, '')) });
  if (!token)
    return (
      <Frame>
        <p className="notice notice--warn">{t('den.invite.noToken')}</p>
      </Frame>
    );
  if (info.error)
    return (
      <Frame>
        <p className="notice notice--warn" role="alert">
          {userMessageOf(info.error)}
        </p>
      </Frame>
    );
  const i = info.data;
  return (
    <Frame>
      {i && <p>{t('den.invite.for', { company: i.company, firm: i.firm, no: i.engagementNo, periodEnd: formatDate(i.periodEnd) })}</p>}
      {!pw.data && (
        <form
          className="den-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if ([...password].length < 12) return setCheck(t('den.invite.short'));
            if (password !== password2) return setCheck(t('den.invite.mismatch'));
            setCheck(null);
            pw.mutate();
          }}
        >
          <h2>{t('den.invite.step1')}</h2>
          <input type="email" autoComplete="username" value={i?.email ?? ''} readOnly hidden />
          <TextField
            id={`${id}-p1`}
            label={t('den.invite.password')}
            type="password"
            autoComplete="new-password"
            value={password}
            onValueChange={setPassword}
            error={check ?? undefined}
          />
          <TextField
            id={`${id}-p2`}
            label={t('den.invite.password2')}
            type="password"
            autoComplete="new-password"
            value={password2}
            onValueChange={setPassword2}
          />
          {pw.error && (
            <p className="field__error" role="alert">
              {userMessageOf(pw.error)}
            </p>
          )}
          <button type="submit" className="button button--primary" disabled={pw.isPending || !i}>
            {t('den.invite.next')}
          </button>
        </form>
      )}
      {pw.data && !confirm.data && (
        <form
          className="den-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            confirm.mutate();
          }}
        >
          <h2>{t('den.invite.step2')}</h2>
          <p>{t('den.invite.secretHelp')}</p>
          <p>
            {t('den.invite.secret')}:{' '}
            <code className="den-secret" data-testid="totp-secret">
              {pw.data.secret.replace(/(.{4})/g, '$1 ').trim()}
            </code>
          </p>
          <p>
            <a href={pw.data.otpauthUrl}>{t('den.invite.otpLink')}</a>
          </p>
          <TextField
            id={`${id}-code`}
            label={t('den.invite.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            value={code}
            onValueChange={setCode}
          />
          {confirm.error && (
            <p className="field__error" role="alert">
              {userMessageOf(confirm.error)}
            </p>
          )}
          <button type="submit" className="button button--primary" disabled={confirm.isPending}>
            {t('den.invite.confirm')}
          </button>
        </form>
      )}
      {confirm.data && (
        <section className="den-form" aria-labelledby={`${id}-rc`}>
          <h2 id={`${id}-rc`}>{t('den.invite.step3')}</h2>
          <p>{t('den.invite.recoveryHelp')}</p>
          <ol className="den-codes" aria-label={t('den.invite.step3')}>
            {confirm.data.recoveryCodes.map((c) => (
              <li key={c}>
                <code>{c}</code>
              </li>
            ))}
          </ol>
          <Link className="button button--primary" to="/denetim">
            {t('den.invite.continue')}
          </Link>
        </section>
      )}
    </Frame>
  );
}

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <main className="den-page den-page--narrow">
      <PageHeader title={t('den.invite.title')} />
      {children}
    </main>
  );
}
