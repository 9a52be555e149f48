// The spec names two external travel platforms, OtaA and OtaB, with message sources
// channel_ota_a / channel_ota_b. The channel manager names the real platform; Airbnb (or a
// platform already called OtaB) maps to OtaB, every other platform to OtaA.
export interface OtaProvider {
  provider: 'OtaA' | 'OtaB';
  source: 'channel_ota_a' | 'channel_ota_b';
}

export function otaProvider(otaName: string | null | undefined): OtaProvider {
  const name = (otaName ?? '').toLowerCase();
  return name.includes('airbnb') || name === 'otab'
    ? { provider: 'OtaB', source: 'channel_ota_b' }
    : { provider: 'OtaA', source: 'channel_ota_a' };
}
