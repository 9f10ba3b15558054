import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { isRouteErrorResponse, useNavigate, useRevalidator, useRouteError } from 'react-router-dom';
import { AppError, userMessageOf } from '../domain/errors';
import { t } from '../i18n/core';

/**
 * errorElement of the routes: a plain Turkish message with "Tekrar dene" and "Geri dön".
 * Never shows a stack trace or a raw object; the error's userMessage when it has one.
 */
export function RouteError() {
  const error = useRouteError();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { reset } = useQueryErrorResetBoundary();

  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? t('common.notFound.title') : t('common.error.title');
  const message = notFound
    ? t('common.notFound.text')
    : error instanceof AppError
      ? userMessageOf(error)
      : failedChunk(error)
        ? t('common.error.pageLoad')
        : t('common.error.generic');

  return (
    <section className="route-error" aria-labelledby="route-error-title">
      <h1 id="route-error-title" tabIndex={-1}>
        {title}
      </h1>
      <p role="alert">{message}</p>
      <div className="route-error__actions">
        <button
          type="button"
          className="button"
          onClick={() => {
            reset();
            void revalidator.revalidate();
          }}
        >
          {t('common.retry')}
        </button>
        <button type="button" className="button button--ghost" onClick={() => void navigate(-1)}>
          {t('common.back')}
        </button>
      </div>
    </section>
  );
}

/** A lazy page module that could not be fetched (deploy in between, network down). */
function failedChunk(error: unknown): boolean {
  return error instanceof TypeError && /dynamically imported module|module script/i.test(error.message);
}
