// A card: how one listing looks in every list.
import type { AuthUser } from '../../kernel/caller.ts';
import { formatMinor } from '../../kernel/money.ts';
import { percentText, ratingText } from '../properties/index.ts';
import { mediaPath, thumbnailPath } from '../property-media/index.ts';
import type { CardRow } from './property-search.repository.ts';
import type { PropertyCard } from './property-search.schemas.ts';

const flag = (b: boolean) => (b ? 1 : 0) as 0 | 1;

/** The internal name goes to the listing's owner, admin and support; everyone else reads the public name there. */
export function cardView(row: CardRow, caller: AuthUser | null): PropertyCard {
  const internal =
    caller !== null && (caller.role === 'admin' || caller.role === 'support' || caller.id === row.owner_id);
  // Unsaved wizard steps read as the read form shows them: "" for text, 0 for numbers.
  const amount = (minor: number | null, whenNull: string) =>
    minor === null ? whenNull : formatMinor(minor, row.decimals);
  const zero = formatMinor(0, row.decimals);
  const card: PropertyCard = {
    id: row.id,
    internal_name: (internal ? row.internal_name : row.public_name) ?? '',
    public_name: row.public_name ?? '',
    type: row.type_name ?? '',
    address: row.address ?? '',
    location: row.latitude === null || row.longitude === null ? '' : `${row.latitude},${row.longitude}`,
    status: row.status,
    visibility: flag(row.visibility),
    breakfast_included: flag(row.breakfast_included),
    pets_allowed: flag(row.pets_allowed),
    recommended: flag(row.recommended),
    base_price: amount(row.base_price, ''),
    price_per_night: amount(row.price_per_night, ''),
    cleaning_fee: amount(row.cleaning_fee, zero),
    tax: percentText(row.tax_rate),
    security_deposit: amount(row.security_deposit, zero),
    capacity: row.capacity ?? 0,
    rating: ratingText(row.rating_sum, row.rating_count),
    like_count: row.like_count,
    check_in_time: row.check_in_time ?? '',
    check_in_time_end: row.check_in_time_end ?? '',
    check_out_time: row.check_out_time ?? '',
    currency: row.currency_code,
    timezone: row.timezone,
    cover:
      row.cover_id === null
        ? null
        : {
            url: mediaPath({ id: row.cover_id }),
            thumbnail_url: row.cover_has_thumbnail ? thumbnailPath({ id: row.cover_id }) : null,
          },
    commodities: row.commodities,
    owner: {
      id: row.owner_id,
      username: row.owner_username,
      first_name: row.owner_first_name,
      last_name: row.owner_last_name,
      avatar: row.owner_avatar || null,
    },
  };
  if (caller) card.is_favorite = row.is_favorite;
  if (row.distance_km !== null) card.distance_km = Math.round(row.distance_km * 100) / 100;
  return card;
}
