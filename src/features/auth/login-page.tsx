import { useId, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router-dom';
import { configQuery, login, sessionQuery } from '../../api/session';
import { t } from '../../i18n/core';
import { TextField } from '../../components/form/text-field';
import { loginErrorMessage } from './login-error';
import { safeNextPath, type LoginLocationState } from './next-path';
import { useUrlParams } from '../../lib/search-params';

export default function LoginPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useUrlParams();
  const location = useLocation();
  const expired = (location.state as LoginLocationState | null)?.reason === 'expired';
  const config = useQuery(configQuery);
  const demoUsers = config.data?.demo ? (config.data.demoUsers ?? []) : [];

  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ids = { user: useId(), password: useId(), error: useId() };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    if (!userName.trim() || !password) {
      setError(t('auth.required'));
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      const user = await login({ userName: userName.trim(), password });
      queryClient.setQueryData(sessionQuery.queryKey, user);
    } catch (e) {
      setError(loginErrorMessage(e));
      setSubmitting(false);
      return;
    }
    await navigate(safeNextPath(searchParams.get('next')), { replace: true });
  }

  return (
    <div className="login">
      <div className="login__card">
        <p className="login__brand">{t('common.appName')}</p>
        <main id="main" className="login__main">
          <h1 tabIndex={-1}>{t('auth.title')}</h1>
          <p className="login__intro">{t('auth.intro')}</p>
          {expired && !error && (
            <p role="status" className="notice">
              {t('common.error.unauthenticated')}
            </p>
          )}
          <form onSubmit={onSubmit} noValidate aria-describedby={error ? ids.error : undefined}>
            <TextField
              id={ids.user}
              label={t('auth.userName')}
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              autoFocus
              value={userName}
              onValueChange={setUserName}
              required
              aria-invalid={error ? true : undefined}
            />
            <TextField
              id={ids.password}
              label={t('auth.password')}
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              onValueChange={setPassword}
              required
              aria-invalid={error ? true : undefined}
            />
            {error && (
              <p id={ids.error} role="alert" className="form-error">
                {error}
              </p>
            )}
            <button type="submit" className="button button--primary login__submit" disabled={submitting}>
              {submitting ? t('auth.submitting') : t('auth.submit')}
            </button>
          </form>
          {demoUsers.length > 0 && (
            <aside className="demo-box" aria-labelledby="demo-box-title">
              <p id="demo-box-title" className="demo-box__title">
                {t('auth.demo.title')}
              </p>
              <p>{t('auth.demo.text')}</p>
              <ul>
                {demoUsers.map((u) => (
                  <li key={u.userName}>
                    <span>{t('auth.demo.user', { userName: u.userName, password: u.password })}</span>{' '}
                    <button
                      type="button"
                      className="button button--small"
                      onClick={() => {
                        setUserName(u.userName);
                        setPassword(u.password);
                        setError(null);
                      }}
                    >
                      {t('auth.demo.fill', { userName: u.userName })}
                    </button>
                  </li>
                ))}
              </ul>
            </aside>
          )}
        </main>
      </div>
    </div>
  );
}
