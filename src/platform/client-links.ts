// Links that send a person where they can act (e-mails, the service's own HTML pages):
// CLIENT_APP_URL followed by the configured path, its {placeholders} filled in URL-encoded.
import type { Config } from '../config.ts';

export type ClientPage = 'setPassword' | 'passwordReset' | 'undoEmailChange' | 'reservation' | 'payment';

const PATHS: Record<ClientPage, (c: Config) => string> = {
  setPassword: (c) => c.CLIENT_SET_PASSWORD_PATH,
  passwordReset: (c) => c.CLIENT_PASSWORD_RESET_PATH,
  undoEmailChange: (c) => c.CLIENT_UNDO_EMAIL_CHANGE_PATH,
  reservation: (c) => c.CLIENT_RESERVATION_PATH,
  payment: (c) => c.CLIENT_PAYMENT_PATH,
};

/** The absolute URL of a client page, e.g. clientLink(config, 'reservation', { reservation_id: 42 }). */
export function clientLink(config: Config, page: ClientPage, values: Record<string, string | number> = {}): string {
  const path = PATHS[page](config).replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(String(values[k] ?? '')));
  return `${config.CLIENT_APP_URL.replace(/\/+$/, '')}${path}`;
}

/** The app's home (CLIENT_APP_URL). */
export const clientHome = (config: Config) => `${config.CLIENT_APP_URL.replace(/\/+$/, '')}/`;
