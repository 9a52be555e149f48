// The links e-mails and pages carry: CLIENT_APP_URL (default PUBLIC_BASE_URL) + a configured path,
// placeholders URL-encoded; a path setting that is not a path stops start-up naming it.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigError, loadConfig } from '../config.ts';
import { clientHome, clientLink } from './client-links.ts';

describe('client links', () => {
  it('default to this service, whose set-password and reset-password pages they name', () => {
    const config = loadConfig({ PORT: '3521' });
    assert.equal(config.CLIENT_APP_URL, 'http://127.0.0.1:3521');
    assert.equal(
      clientLink(config, 'setPassword', { token: 'a+b/c' }),
      'http://127.0.0.1:3521/set-password?token=a%2Bb%2Fc',
    );
    assert.equal(
      clientLink(config, 'passwordReset', { email: 'zoé+1@example.test' }),
      'http://127.0.0.1:3521/reset-password?email=zo%C3%A9%2B1%40example.test',
    );
    // The reservation page's links carry their signed reader (platform/reservation-links.ts).
    assert.equal(
      clientLink(config, 'reservation', { reservation_id: 42, access: '7.99.s' }),
      'http://127.0.0.1:3521/reservations/42?access=7.99.s',
    );
    assert.equal(
      clientLink(config, 'payment', { reservation_id: 42, access: '7.99.s' }),
      'http://127.0.0.1:3521/reservations/42/pay?access=7.99.s',
    );
    assert.equal(
      loadConfig({ PUBLIC_BASE_URL: 'https://api.example.test' }).CLIENT_APP_URL,
      'https://api.example.test',
    );
  });

  it('follow CLIENT_APP_URL and the path settings', () => {
    const config = loadConfig({
      CLIENT_APP_URL: 'https://app.example.test/',
      CLIENT_RESERVATION_PATH: '/#/trips/{reservation_id}?tab=details',
      CLIENT_SET_PASSWORD_PATH: '/welcome/{token}',
    });
    assert.equal(
      clientLink(config, 'reservation', { reservation_id: 7 }),
      'https://app.example.test/#/trips/7?tab=details',
    );
    assert.equal(clientLink(config, 'setPassword', { token: 'x y' }), 'https://app.example.test/welcome/x%20y');
    assert.equal(clientHome(config), 'https://app.example.test/');
  });

  it('refuses a path that does not start with / and a CLIENT_APP_URL that is not a URL, naming the variable', () => {
    for (const [env, variable] of [
      [{ CLIENT_RESERVATION_PATH: 'reservations/{reservation_id}' }, 'CLIENT_RESERVATION_PATH'],
      [{ CLIENT_APP_URL: 'app.example.test' }, 'CLIENT_APP_URL'],
    ] as const) {
      assert.throws(
        () => loadConfig(env),
        (err: unknown) => err instanceof ConfigError && new RegExp(`\\b${variable}\\b`).test(err.message),
      );
    }
  });
});
