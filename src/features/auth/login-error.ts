import { userMessageOf } from '../../domain/errors';

/**
 * The sentence shown under the login form for a failed login(). The typed errors of src/api
 * already carry it: LoginFailedError → the ERP's own message, else "Kullanıcı adı veya şifre
 * hatalı"; RateLimitedError → "wait N seconds"; ERP HTML page / timeout / unreachable → plain text.
 */
export function loginErrorMessage(error: unknown): string {
  return userMessageOf(error);
}
