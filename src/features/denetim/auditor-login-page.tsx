/** /denetim/giris — the independent auditor's login (Denetçi modu): e-mail, password and a TOTP code (or a recovery code). */
import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router-dom';
import { auditorLogin } from '../../api/denetim';
import { userMessageOf } from '../../domain/errors';
import { TextField } from '../../components/form/text-field';
import { PageHeader } from '../../components/layout/page-header';
import { t } from '../../i18n';
import './denetim.css';

export default function AuditorLoginPage() {
  const id = useId();
  const navigate = useNavigate();
  const client = useQueryClient();
  const expired = (useLocation().state as { reason?: string } | null)?.reason === 'expired';
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const login = useMutation({
    mutationFn: () => auditorLogin({ email, password, ...(recovery ? { recoveryCode: code } : { code: code.replace(/\s/g, '') }) }),
    onSuccess: () => {
      client.removeQueries({ queryKey: ['denetci'] });
      void navigate('/denetim');
    },
  });
  return (
    <main className="den-page den-page--narrow">
      <PageHeader title={t('den.login.title')} />
      <p className="mut-hint">{t('den.login.intro')}</p>
      {expired && <p className="notice">{t('den.login.expired')}</p>}
      <form
        className="den-form"
        onSubmit={(e) => {
          e.preventDefault();
          login.mutate();
        }}
      >
        <TextField id={`${id}-e`} label={t('den.login.email')} inputMode="email" autoComplete="username" required value={email} onValueChange={setEmail} />
        <TextField
          id={`${id}-p`}
          label={t('den.login.password')}
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onValueChange={setPassword}
        />
        <TextField
          id={`${id}-c`}
          label={recovery ? t('den.login.recovery') : t('den.login.code')}
          inputMode={recovery ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          required
          value={code}
          onValueChange={setCode}
        />
        <button type="button" className="button button--small" onClick={() => setRecovery((r) => !r)}>
          {recovery ? t('den.login.useCode') : t('den.login.useRecovery')}
        </button>
        {login.error && (
          <p className="field__error" role="alert">
            {userMessageOf(login.error)}
          </p>
        )}
        <button type="submit" className="button button--primary" disabled={login.isPending}>
          {t('den.login.submit')}
        </button>
      </form>
    </main>
  );
}
