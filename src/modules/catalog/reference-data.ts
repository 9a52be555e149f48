// The reference data every installation starts with. Admins edit it afterwards through the
// catalogue routes; seedReferenceData only fills what is missing (see there for the rules).

export const PROPERTY_TYPES: ReadonlyArray<{ name: string; description: string }> = [
  { name: 'Apartment', description: 'A self-contained flat in a residential building.' },
  { name: 'House', description: 'A whole stand-alone house for the guests alone.' },
  { name: 'Villa', description: 'A spacious upscale house, often with a garden or a pool.' },
  { name: 'Studio', description: 'A single open room with sleeping, living and kitchen areas together.' },
  { name: 'Loft', description: 'An open-plan space in a converted industrial or attic building.' },
  { name: 'Guest house', description: 'Private rooms in a small house run by resident hosts.' },
  { name: 'Bed and breakfast', description: 'Rooms with breakfast served by the hosts.' },
  { name: 'Hotel room', description: 'A room in a hotel, with reception and hotel services.' },
  { name: 'Cabin', description: 'A wooden house in nature, in the mountains, a forest or by a lake.' },
  { name: 'Chalet', description: 'A mountain house, typically near ski slopes.' },
  { name: 'Cottage', description: 'A small, cosy countryside house.' },
  { name: 'Townhouse', description: 'A multi-floor house sharing walls with its neighbours.' },
  { name: 'Riad', description: 'A traditional Moroccan house built around an inner courtyard.' },
];

/** Amenities grouped by `type`. */
export const COMMODITIES: ReadonlyArray<{ name: string; type: string }> = [
  { name: 'Wi-Fi', type: 'essentials' },
  { name: 'Heating', type: 'essentials' },
  { name: 'Air conditioning', type: 'essentials' },
  { name: 'Washer', type: 'essentials' },
  { name: 'Dryer', type: 'essentials' },
  { name: 'Towels and bed linen', type: 'essentials' },
  { name: 'Hair dryer', type: 'essentials' },
  { name: 'Iron', type: 'essentials' },
  { name: 'Kitchen', type: 'kitchen' },
  { name: 'Refrigerator', type: 'kitchen' },
  { name: 'Microwave', type: 'kitchen' },
  { name: 'Dishwasher', type: 'kitchen' },
  { name: 'Coffee maker', type: 'kitchen' },
  { name: 'Cooking basics', type: 'kitchen' },
  { name: 'Smoke alarm', type: 'safety' },
  { name: 'Carbon monoxide alarm', type: 'safety' },
  { name: 'First aid kit', type: 'safety' },
  { name: 'Fire extinguisher', type: 'safety' },
  { name: 'Balcony', type: 'outdoor' },
  { name: 'Garden', type: 'outdoor' },
  { name: 'Terrace', type: 'outdoor' },
  { name: 'BBQ grill', type: 'outdoor' },
  { name: 'Pool', type: 'outdoor' },
  { name: 'Hot tub', type: 'outdoor' },
  { name: 'Free parking', type: 'parking' },
  { name: 'Paid parking', type: 'parking' },
  { name: 'EV charger', type: 'parking' },
  { name: 'Step-free access', type: 'accessibility' },
  { name: 'Elevator', type: 'accessibility' },
  { name: 'Wide doorways', type: 'accessibility' },
  { name: 'Accessible bathroom', type: 'accessibility' },
  { name: 'TV', type: 'entertainment' },
  { name: 'Streaming services', type: 'entertainment' },
  { name: 'Board games', type: 'entertainment' },
  { name: 'Workspace', type: 'work' },
  { name: 'Crib', type: 'family' },
  { name: 'High chair', type: 'family' },
  { name: 'Gym', type: 'facilities' },
  { name: 'Sauna', type: 'facilities' },
];

export interface SeedCurrency {
  code: string;
  name: string;
  symbol: string;
  /** ISO 4217 minor-unit exponent. */
  decimals: number;
  /** Units per 1 EUR (the seeded default), decimal text. */
  rate: string;
}

export const DEFAULT_CURRENCY = 'EUR';

// Rates are plausible figures for a fresh installation, not market data: admins keep them current.
export const CURRENCIES: readonly SeedCurrency[] = [
  { code: 'EUR', name: 'Euro', symbol: '€', decimals: 2, rate: '1' },
  { code: 'USD', name: 'US Dollar', symbol: '$', decimals: 2, rate: '1.08' },
  { code: 'GBP', name: 'Pound Sterling', symbol: '£', decimals: 2, rate: '0.85' },
  { code: 'CHF', name: 'Swiss Franc', symbol: 'CHF', decimals: 2, rate: '0.95' },
  { code: 'JPY', name: 'Yen', symbol: '¥', decimals: 0, rate: '162' },
  { code: 'KRW', name: 'Won', symbol: '₩', decimals: 0, rate: '1480' },
  { code: 'ISK', name: 'Iceland Krona', symbol: 'kr', decimals: 0, rate: '150' },
  { code: 'XOF', name: 'CFA Franc BCEAO', symbol: 'CFA', decimals: 0, rate: '655.957' },
  { code: 'KWD', name: 'Kuwaiti Dinar', symbol: 'KD', decimals: 3, rate: '0.332' },
  { code: 'BHD', name: 'Bahraini Dinar', symbol: 'BD', decimals: 3, rate: '0.407' },
  { code: 'TND', name: 'Tunisian Dinar', symbol: 'DT', decimals: 3, rate: '3.38' },
  { code: 'MAD', name: 'Moroccan Dirham', symbol: 'DH', decimals: 2, rate: '10.85' },
  { code: 'CAD', name: 'Canadian Dollar', symbol: 'CA$', decimals: 2, rate: '1.47' },
  { code: 'AUD', name: 'Australian Dollar', symbol: 'A$', decimals: 2, rate: '1.64' },
  { code: 'NZD', name: 'New Zealand Dollar', symbol: 'NZ$', decimals: 2, rate: '1.79' },
  { code: 'SEK', name: 'Swedish Krona', symbol: 'kr', decimals: 2, rate: '11.45' },
  { code: 'NOK', name: 'Norwegian Krone', symbol: 'kr', decimals: 2, rate: '11.65' },
  { code: 'DKK', name: 'Danish Krone', symbol: 'kr', decimals: 2, rate: '7.46' },
  { code: 'PLN', name: 'Zloty', symbol: 'zł', decimals: 2, rate: '4.30' },
  { code: 'CZK', name: 'Czech Koruna', symbol: 'Kč', decimals: 2, rate: '25.2' },
  { code: 'HUF', name: 'Forint', symbol: 'Ft', decimals: 2, rate: '395' },
  { code: 'TRY', name: 'Turkish Lira', symbol: '₺', decimals: 2, rate: '35.5' },
  { code: 'AED', name: 'UAE Dirham', symbol: 'AED', decimals: 2, rate: '3.97' },
  { code: 'SAR', name: 'Saudi Riyal', symbol: 'SAR', decimals: 2, rate: '4.05' },
  { code: 'ZAR', name: 'Rand', symbol: 'R', decimals: 2, rate: '20.1' },
  { code: 'BRL', name: 'Brazilian Real', symbol: 'R$', decimals: 2, rate: '5.95' },
  { code: 'MXN', name: 'Mexican Peso', symbol: 'MX$', decimals: 2, rate: '19.8' },
  { code: 'INR', name: 'Indian Rupee', symbol: '₹', decimals: 2, rate: '90.2' },
  { code: 'CNY', name: 'Yuan Renminbi', symbol: 'CN¥', decimals: 2, rate: '7.8' },
  { code: 'HKD', name: 'Hong Kong Dollar', symbol: 'HK$', decimals: 2, rate: '8.45' },
  { code: 'SGD', name: 'Singapore Dollar', symbol: 'S$', decimals: 2, rate: '1.45' },
  { code: 'THB', name: 'Baht', symbol: '฿', decimals: 2, rate: '38.6' },
  { code: 'IDR', name: 'Rupiah', symbol: 'Rp', decimals: 2, rate: '17400' },
];

export const NEIGHBORHOODS: ReadonlyArray<{ country: string; city: string; names: string[] }> = [
  {
    country: 'FR',
    city: 'Paris',
    names: ['Le Marais', 'Saint-Germain-des-Prés', 'Montmartre', 'Latin Quarter', 'Canal Saint-Martin'],
  },
  { country: 'FR', city: 'Nice', names: ['Vieux Nice', 'Promenade des Anglais', 'Mont Boron'] },
  { country: 'PT', city: 'Lisbon', names: ['Alfama', 'Baixa', 'Bairro Alto', 'Príncipe Real', 'Belém'] },
  { country: 'PT', city: 'Porto', names: ['Ribeira', 'Cedofeita'] },
  { country: 'ES', city: 'Barcelona', names: ['Gothic Quarter', 'El Born', 'Gràcia', 'Eixample', 'Barceloneta'] },
  { country: 'MA', city: 'Marrakech', names: ['Medina', 'Gueliz', 'Hivernage', 'Palmeraie'] },
  { country: 'JP', city: 'Tokyo', names: ['Shibuya', 'Shinjuku', 'Asakusa', 'Ginza'] },
  { country: 'JP', city: 'Kyoto', names: ['Gion', 'Higashiyama'] },
  { country: 'GB', city: 'London', names: ['Shoreditch', 'Notting Hill', 'Camden', 'South Bank'] },
  { country: 'US', city: 'New York', names: ['SoHo', 'Williamsburg', 'Harlem', 'Upper West Side'] },
  { country: 'CH', city: 'Zermatt', names: ['Village centre', 'Winkelmatten'] },
  { country: 'CA', city: 'Montreal', names: ['Plateau-Mont-Royal', 'Old Montreal'] },
  { country: 'AU', city: 'Sydney', names: ['Bondi', 'Surry Hills'] },
];
