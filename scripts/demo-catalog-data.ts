// The demo catalogue of `npm run seed:demo` (scripts/seed-demo-catalog.ts inserts it). Amounts
// are in currency units (converted with the currency's decimals); dates are days from today.

export interface DemoRatePlan {
  title: string;
  price: number;
  minStayArrival?: number[];
  closedToArrival?: boolean[];
  stopSell?: boolean[];
}

export interface DemoListing {
  owner: 1 | 2;
  status: 'active' | 'draft' | 'inactive';
  type: string;
  internalName: string;
  publicName: string;
  description: string;
  country: string;
  city: string;
  neighborhood?: string;
  address: string;
  lat: number;
  lng: number;
  timezone: string;
  currency: string;
  price?: number;
  cleaning?: number;
  deposit?: number;
  tax?: string;
  capacity?: number;
  sqft?: number;
  commodities: string[];
  rules?: string[];
  policy?: Array<'flexible' | 'moderate' | 'strict'>;
  recommended?: boolean;
  pets?: boolean;
  breakfast?: boolean;
  weekly?: string;
  monthly?: string;
  seasons?: Array<{ name: string; from: number; to: number; reduction: string; minStay?: number; maxStay?: number }>;
  offers?: Array<{
    name: string;
    type: 'percent' | 'fixed';
    value: number;
    from: number;
    to: number;
    minNights?: number;
  }>;
  packages?: Array<{ name: string; price: number; global?: boolean }>;
  services?: Array<{ name: string; price: number; type: 'per_stay' | 'per_night' | 'per_guest' }>;
  promos?: Array<{
    code: string;
    type: 'percent' | 'fixed';
    value: number;
    from: number;
    to: number;
    maxUses?: number;
    minNights?: number;
  }>;
  roomTypes?: Array<{
    title: string;
    count: number;
    adults: number;
    children: number;
    capacity: number;
    plans: DemoRatePlan[];
  }>;
  /** Calendar overrides; `roomType` is an index into roomTypes (none: the whole listing). */
  nights?: Array<{ day: number; roomType?: number; price?: number; stopSell?: boolean; availableRooms?: number }>;
}

const WEEKEND_MIN_2 = [1, 1, 1, 1, 2, 2, 1];
const NO_SUNDAY_ARRIVAL = [false, false, false, false, false, false, true];

export const DEMO_LISTINGS: DemoListing[] = [
  {
    owner: 1,
    status: 'active',
    type: 'Loft',
    internalName: 'PAR-MARAIS-01',
    publicName: 'Sunny loft in Le Marais',
    description:
      'A bright top-floor loft with exposed beams, two steps from Place des Vosges and the best falafel in town.',
    country: 'FR',
    city: 'Paris',
    neighborhood: 'Le Marais',
    address: '14 Rue des Rosiers, 75004 Paris',
    lat: 48.8572,
    lng: 2.3594,
    timezone: 'Europe/Paris',
    currency: 'EUR',
    price: 145,
    cleaning: 40,
    deposit: 300,
    tax: '10',
    capacity: 4,
    sqft: 70,
    recommended: true,
    weekly: '10',
    monthly: '20',
    commodities: ['Wi-Fi', 'Kitchen', 'Washer', 'Heating', 'Workspace', 'TV', 'Smoke alarm', 'Elevator'],
    rules: ['No smoking', 'No parties', 'Quiet hours after 22:00'],
    policy: ['moderate'],
    seasons: [{ name: 'Winter calm', from: 60, to: 150, reduction: '15', minStay: 2 }],
    offers: [{ name: 'Early booking -10%', type: 'percent', value: 10, from: 0, to: 90, minNights: 3 }],
    packages: [{ name: 'Romantic package (flowers and champagne)', price: 60 }],
    services: [
      { name: 'Airport transfer', price: 55, type: 'per_stay' },
      { name: 'Breakfast basket', price: 12, type: 'per_guest' },
    ],
    promos: [{ code: 'PARIS10', type: 'percent', value: 10, from: 0, to: 180, maxUses: 100, minNights: 2 }],
    nights: [
      { day: 10, price: 220 },
      { day: 5, stopSell: true },
    ],
  },
  {
    owner: 1,
    status: 'active',
    type: 'Studio',
    internalName: 'PAR-MONTMARTRE-02',
    publicName: 'Montmartre studio with a view',
    description:
      'A compact, well-equipped studio on the fifth floor with a view over the Paris rooftops to the Eiffel Tower.',
    country: 'FR',
    city: 'Paris',
    neighborhood: 'Montmartre',
    address: '3 Rue Lepic, 75018 Paris',
    lat: 48.8846,
    lng: 2.3334,
    timezone: 'Europe/Paris',
    currency: 'EUR',
    price: 89,
    cleaning: 25,
    deposit: 150,
    tax: '10',
    capacity: 2,
    sqft: 28,
    commodities: ['Wi-Fi', 'Kitchen', 'Heating', 'Coffee maker', 'Smoke alarm'],
    rules: ['No smoking'],
    policy: ['flexible'],
    services: [{ name: 'Late check-out', price: 20, type: 'per_stay' }],
  },
  {
    owner: 1,
    status: 'active',
    type: 'Guest house',
    internalName: 'LIS-ALFAMA-03',
    publicName: 'Alfama guest house',
    description:
      'Five rooms in a restored 19th-century house on the Alfama hill, with a shared terrace facing the Tagus.',
    country: 'PT',
    city: 'Lisbon',
    neighborhood: 'Alfama',
    address: 'Rua de São Miguel 21, 1100-544 Lisboa',
    lat: 38.7115,
    lng: -9.1299,
    timezone: 'Europe/Lisbon',
    currency: 'EUR',
    price: 75,
    cleaning: 15,
    deposit: 100,
    tax: '6',
    capacity: 11,
    sqft: 180,
    breakfast: true,
    commodities: ['Wi-Fi', 'Air conditioning', 'Terrace', 'Towels and bed linen', 'First aid kit', 'Smoke alarm'],
    rules: ['No smoking indoors'],
    policy: ['moderate'],
    packages: [{ name: 'Fado evening for two', price: 70 }],
    roomTypes: [
      {
        title: 'Double room',
        count: 3,
        adults: 2,
        children: 1,
        capacity: 3,
        plans: [
          { title: 'Standard', price: 75 },
          { title: 'Non-refundable', price: 68 },
        ],
      },
      {
        title: 'Family suite',
        count: 2,
        adults: 2,
        children: 2,
        capacity: 4,
        plans: [{ title: 'Standard', price: 120, minStayArrival: WEEKEND_MIN_2 }],
      },
    ],
    nights: [
      { day: 14, roomType: 0, price: 95 },
      { day: 21, roomType: 1, stopSell: true },
      { day: 22, roomType: 0, availableRooms: 1 },
    ],
  },
  {
    owner: 1,
    status: 'active',
    type: 'Apartment',
    internalName: 'BCN-EIXAMPLE-04',
    publicName: 'Eixample family apartment',
    description:
      'A spacious modernist apartment with three bedrooms and a long balcony, ten minutes from the Sagrada Família.',
    country: 'ES',
    city: 'Barcelona',
    neighborhood: 'Eixample',
    address: 'Carrer de Mallorca 245, 08008 Barcelona',
    lat: 41.3947,
    lng: 2.1615,
    timezone: 'Europe/Madrid',
    currency: 'EUR',
    price: 130,
    cleaning: 50,
    deposit: 250,
    tax: '10',
    capacity: 6,
    sqft: 110,
    pets: true,
    commodities: ['Wi-Fi', 'Kitchen', 'Dishwasher', 'Washer', 'Air conditioning', 'Balcony', 'Crib', 'High chair'],
    rules: ['No parties'],
    policy: ['moderate'],
    offers: [{ name: 'Long weekend', type: 'fixed', value: 40, from: 0, to: 60, minNights: 3 }],
  },
  {
    owner: 1,
    status: 'active',
    type: 'Villa',
    internalName: 'NCE-VILLA-05',
    publicName: 'Villa with pool above Nice',
    description:
      'A Provençal villa among olive trees with a heated pool, sea views and a large garden, fifteen minutes from the old town.',
    country: 'FR',
    city: 'Nice',
    neighborhood: 'Mont Boron',
    address: '120 Boulevard du Mont Boron, 06300 Nice',
    lat: 43.6985,
    lng: 7.2958,
    timezone: 'Europe/Paris',
    currency: 'EUR',
    price: 420,
    cleaning: 150,
    deposit: 1500,
    tax: '5',
    capacity: 8,
    sqft: 260,
    recommended: true,
    weekly: '10',
    monthly: '25',
    commodities: ['Wi-Fi', 'Pool', 'Garden', 'BBQ grill', 'Free parking', 'Air conditioning', 'Kitchen', 'Dishwasher'],
    rules: ['No parties', 'Pool open 8:00–21:00'],
    policy: ['strict'],
    seasons: [{ name: 'Off season', from: 90, to: 200, reduction: '25', minStay: 3, maxStay: 28 }],
    services: [
      { name: 'Private chef dinner', price: 90, type: 'per_guest' },
      { name: 'Extra pool cleaning', price: 30, type: 'per_night' },
    ],
  },
  {
    owner: 1,
    status: 'active',
    type: 'Townhouse',
    internalName: 'LON-SHOREDITCH-06',
    publicName: 'Shoreditch townhouse',
    description:
      'A Victorian townhouse over three floors with a small garden, near Columbia Road flower market and Brick Lane.',
    country: 'GB',
    city: 'London',
    neighborhood: 'Shoreditch',
    address: '8 Ezra Street, London E2 7RH',
    lat: 51.5297,
    lng: -0.0696,
    timezone: 'Europe/London',
    currency: 'GBP',
    price: 210,
    cleaning: 60,
    deposit: 400,
    tax: '0',
    capacity: 5,
    sqft: 120,
    commodities: [
      'Wi-Fi',
      'Kitchen',
      'Washer',
      'Dryer',
      'Garden',
      'Heating',
      'TV',
      'Smoke alarm',
      'Carbon monoxide alarm',
    ],
    rules: ['No smoking'],
    policy: ['moderate'],
    promos: [{ code: 'LONDON15', type: 'fixed', value: 15, from: 0, to: 120, maxUses: 20 }],
  },
  {
    owner: 1,
    status: 'active',
    type: 'Chalet',
    internalName: 'ZRM-CHALET-07',
    publicName: 'Chalet with Matterhorn view',
    description:
      'A larch-wood chalet with a sauna and a fireplace, a short walk from the Sunnegga funicular and the village centre.',
    country: 'CH',
    city: 'Zermatt',
    neighborhood: 'Winkelmatten',
    address: 'Winkelmattenweg 40, 3920 Zermatt',
    lat: 46.0129,
    lng: 7.7558,
    timezone: 'Europe/Zurich',
    currency: 'CHF',
    price: 380,
    cleaning: 120,
    deposit: 800,
    tax: '3.8',
    capacity: 6,
    sqft: 140,
    commodities: ['Wi-Fi', 'Sauna', 'Heating', 'Kitchen', 'Dishwasher', 'Balcony'],
    rules: ['No smoking', 'Ski boots in the boot room'],
    policy: ['strict'],
    seasons: [{ name: 'Spring shoulder season', from: 120, to: 180, reduction: '20' }],
    packages: [{ name: 'Ski pass pick-up', price: 25, global: true }],
  },
  {
    owner: 1,
    status: 'draft',
    type: 'Apartment',
    internalName: 'OPO-RIBEIRA-DRAFT',
    publicName: 'Riverside flat in Ribeira',
    description: 'A flat on the Douro quayside, listing still being written.',
    country: 'PT',
    city: 'Porto',
    neighborhood: 'Ribeira',
    address: 'Cais da Ribeira 30, 4050-510 Porto',
    lat: 41.1405,
    lng: -8.6131,
    timezone: 'Europe/Lisbon',
    currency: 'EUR',
    commodities: ['Wi-Fi'],
  },
  {
    owner: 1,
    status: 'inactive',
    type: 'Studio',
    internalName: 'YUL-OLD-09',
    publicName: 'Old Montreal studio',
    description: 'A stone-walled studio in Old Montreal, paused by its owner for renovation works.',
    country: 'CA',
    city: 'Montreal',
    neighborhood: 'Old Montreal',
    address: '400 Rue Saint-Paul Ouest, Montréal, QC H2Y 2A6',
    lat: 45.5017,
    lng: -73.5573,
    timezone: 'America/Toronto',
    currency: 'CAD',
    price: 115,
    cleaning: 35,
    deposit: 200,
    tax: '14.975',
    capacity: 2,
    sqft: 35,
    commodities: ['Wi-Fi', 'Kitchen', 'Heating'],
    rules: ['No smoking'],
    policy: ['flexible'],
  },
  {
    owner: 2,
    status: 'active',
    type: 'Riad',
    internalName: 'RAK-RIAD-10',
    publicName: 'Riad Dar Yasmine',
    description:
      'A traditional riad with a courtyard fountain, orange trees and a roof terrace, in the heart of the medina.',
    country: 'MA',
    city: 'Marrakech',
    neighborhood: 'Medina',
    address: 'Derb Sidi Bouloukat 12, Marrakech 40000',
    lat: 31.6258,
    lng: -7.9891,
    timezone: 'Africa/Casablanca',
    currency: 'MAD',
    price: 1200,
    cleaning: 150,
    deposit: 1000,
    tax: '10',
    capacity: 14,
    sqft: 320,
    breakfast: true,
    recommended: true,
    commodities: ['Wi-Fi', 'Air conditioning', 'Pool', 'Terrace', 'Towels and bed linen', 'First aid kit'],
    rules: ['No alcohol in common areas'],
    policy: ['moderate'],
    services: [
      { name: 'Hammam and massage', price: 350, type: 'per_guest' },
      { name: 'Airport pick-up', price: 200, type: 'per_stay' },
    ],
    packages: [{ name: 'Moroccan cooking class', price: 400 }],
    offers: [{ name: 'Ramadan nights', type: 'percent', value: 15, from: 30, to: 60, minNights: 2 }],
    roomTypes: [
      {
        title: 'Courtyard room',
        count: 4,
        adults: 2,
        children: 0,
        capacity: 2,
        plans: [{ title: 'Bed and breakfast', price: 900 }],
      },
      {
        title: 'Terrace suite',
        count: 2,
        adults: 2,
        children: 2,
        capacity: 4,
        plans: [{ title: 'Bed and breakfast', price: 1500, closedToArrival: NO_SUNDAY_ARRIVAL }],
      },
    ],
  },
  {
    owner: 2,
    status: 'active',
    type: 'Hotel room',
    internalName: 'TYO-SHINJUKU-11',
    publicName: 'Shinjuku city hotel',
    description:
      'Compact, spotless twin and double rooms three minutes from Shinjuku station, with a 24-hour front desk.',
    country: 'JP',
    city: 'Tokyo',
    neighborhood: 'Shinjuku',
    address: '3-4-1 Nishi-Shinjuku, Shinjuku-ku, Tokyo 160-0023',
    lat: 35.6896,
    lng: 139.6917,
    timezone: 'Asia/Tokyo',
    currency: 'JPY',
    price: 18000,
    cleaning: 0,
    deposit: 10000,
    tax: '10',
    capacity: 2,
    sqft: 18,
    commodities: ['Wi-Fi', 'Air conditioning', 'Elevator', 'Hair dryer', 'TV', 'Step-free access'],
    rules: ['No smoking'],
    policy: ['flexible'],
    promos: [{ code: 'TOKYO2000', type: 'fixed', value: 2000, from: 0, to: 90, maxUses: 50, minNights: 2 }],
    roomTypes: [
      {
        title: 'Twin room',
        count: 6,
        adults: 2,
        children: 0,
        capacity: 2,
        plans: [
          { title: 'Room only', price: 18000, minStayArrival: WEEKEND_MIN_2 },
          { title: 'With breakfast', price: 21500 },
        ],
      },
      {
        title: 'Double room',
        count: 4,
        adults: 2,
        children: 0,
        capacity: 2,
        plans: [{ title: 'Room only', price: 16500 }],
      },
    ],
    nights: [{ day: 30, roomType: 0, price: 26000 }],
  },
  {
    owner: 2,
    status: 'active',
    type: 'House',
    internalName: 'KYO-GION-12',
    publicName: 'Gion machiya townhouse',
    description:
      'A restored wooden machiya with tatami rooms, a cypress bath and a tiny moss garden, in the Gion geisha district.',
    country: 'JP',
    city: 'Kyoto',
    neighborhood: 'Gion',
    address: '570-120 Gionmachi Minamigawa, Higashiyama-ku, Kyoto',
    lat: 35.0037,
    lng: 135.7788,
    timezone: 'Asia/Tokyo',
    currency: 'JPY',
    price: 32000,
    cleaning: 8000,
    deposit: 20000,
    tax: '10',
    capacity: 4,
    sqft: 75,
    commodities: ['Wi-Fi', 'Heating', 'Air conditioning', 'Kitchen', 'Garden'],
    rules: ['Shoes off indoors', 'No smoking'],
    policy: ['moderate'],
    services: [{ name: 'Kimono rental', price: 5000, type: 'per_guest' }],
  },
  {
    owner: 2,
    status: 'active',
    type: 'Loft',
    internalName: 'NYC-WBURG-13',
    publicName: 'Williamsburg warehouse loft',
    description:
      'A converted warehouse loft with 4-metre ceilings, a record player and a rooftop facing the Manhattan skyline.',
    country: 'US',
    city: 'New York',
    neighborhood: 'Williamsburg',
    address: '85 N 3rd St, Brooklyn, NY 11249',
    lat: 40.7182,
    lng: -73.9617,
    timezone: 'America/New_York',
    currency: 'USD',
    price: 240,
    cleaning: 85,
    deposit: 500,
    tax: '14.75',
    capacity: 4,
    sqft: 95,
    commodities: ['Wi-Fi', 'Kitchen', 'Washer', 'Dryer', 'Air conditioning', 'Workspace', 'Board games'],
    rules: ['No parties', 'No smoking'],
    policy: ['strict'],
    seasons: [{ name: 'January lull', from: 45, to: 75, reduction: '20' }],
  },
  {
    owner: 2,
    status: 'active',
    type: 'Apartment',
    internalName: 'SYD-BONDI-14',
    publicName: 'Bondi beach apartment',
    description: 'A light-filled two-bedroom apartment one street back from Bondi Beach, with surfboards to borrow.',
    country: 'AU',
    city: 'Sydney',
    neighborhood: 'Bondi',
    address: '12 Campbell Parade, Bondi Beach NSW 2026',
    lat: -33.8915,
    lng: 151.2767,
    timezone: 'Australia/Sydney',
    currency: 'AUD',
    price: 260,
    cleaning: 90,
    deposit: 500,
    tax: '10',
    capacity: 4,
    sqft: 85,
    pets: true,
    commodities: ['Wi-Fi', 'Kitchen', 'Washer', 'Balcony', 'Free parking', 'BBQ grill'],
    rules: ['No parties'],
    policy: ['moderate'],
    offers: [{ name: 'Stay 7, save 12%', type: 'percent', value: 12, from: 0, to: 120, minNights: 7 }],
  },
];
