import { describe, expect, it, vi } from 'vitest';
import { countryCodeFrom, currencyForCountry, lookupDefaultCurrency } from '../../../src/lib/geo';

describe('countryCodeFrom', () => {
  it('reads ipapi.co’s country_code', () => {
    expect(countryCodeFrom({ country_code: 'NG', country_name: 'Nigeria' })).toBe('NG');
  });
  it('reads countryCode and country from other services', () => {
    expect(countryCodeFrom({ countryCode: 'ng' })).toBe('NG');
    expect(countryCodeFrom({ country: 'GB' })).toBe('GB');
  });
  it('prefers country_code when several fields are present', () => {
    expect(countryCodeFrom({ country: 'US', country_code: 'NG' })).toBe('NG');
  });
  it('answers undefined for answers without a country', () => {
    expect(countryCodeFrom({ ip: '1.2.3.4' })).toBeUndefined();
    expect(countryCodeFrom(null)).toBeUndefined();
    expect(countryCodeFrom('NG')).toBeUndefined();
    expect(countryCodeFrom({ country_code: 42 })).toBeUndefined();
  });
});

describe('currencyForCountry', () => {
  it('gives NGN in Nigeria and USD everywhere else', () => {
    expect(currencyForCountry('NG')).toBe('NGN');
    expect(currencyForCountry('US')).toBe('USD');
    expect(currencyForCountry('GH')).toBe('USD');
    expect(currencyForCountry(undefined)).toBe('USD');
  });
});

describe('lookupDefaultCurrency', () => {
  const answer = (body: unknown, status = 200) =>
    vi.fn<typeof fetch>().mockResolvedValue(new Response(JSON.stringify(body), { status }));

  it('gives NGN when the service places the visitor in Nigeria', async () => {
    const fetchImpl = answer({ country_code: 'NG' });
    await expect(lookupDefaultCurrency('https://geo.test/json', fetchImpl)).resolves.toBe('NGN');
    expect(fetchImpl).toHaveBeenCalledWith(
      'https://geo.test/json',
      expect.objectContaining({ signal: expect.any(AbortSignal) }),
    );
  });
  it('gives USD for any other country', async () => {
    await expect(lookupDefaultCurrency('https://geo.test/json', answer({ country_code: 'US' }))).resolves.toBe('USD');
  });
  it('gives USD when the service answers with an error status', async () => {
    await expect(lookupDefaultCurrency('https://geo.test/json', answer({ country_code: 'NG' }, 429))).resolves.toBe(
      'USD',
    );
  });
  it('gives USD when the request fails', async () => {
    const fetchImpl = vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(lookupDefaultCurrency('https://geo.test/json', fetchImpl)).resolves.toBe('USD');
  });
  it('gives USD when the answer is not JSON', async () => {
    const fetchImpl = vi.fn<typeof fetch>().mockResolvedValue(new Response('<html>', { status: 200 }));
    await expect(lookupDefaultCurrency('https://geo.test/json', fetchImpl)).resolves.toBe('USD');
  });
  it('calls nothing when the lookup is off (the local store), gives USD and says so once', async () => {
    const fetchImpl = answer({ country_code: 'NG' });
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    try {
      await expect(lookupDefaultCurrency('off', fetchImpl)).resolves.toBe('USD');
      await expect(lookupDefaultCurrency('off', fetchImpl)).resolves.toBe('USD');
      expect(fetchImpl).not.toHaveBeenCalled();
      expect(info.mock.calls).toEqual([['Geo-IP lookup is off (VITE_GEOIP_URL=off): prices default to USD.']]);
    } finally {
      info.mockRestore();
    }
  });
});
