// The words the keyword engine recognises, in English and French. Keywords are matched on
// normalised text (lower case, no accents, punctuation as spaces); a trailing `*` matches any
// word starting with the rest ("cancel*" → cancel, cancelled, cancellation).

export type Intent = 'wifi' | 'checkin' | 'checkout' | 'rules' | 'pets' | 'breakfast' | 'cancellation' | 'amenities';

export const INTENT_KEYWORDS: Record<Intent, { en: string[]; fr: string[] }> = {
  wifi: { en: ['wifi', 'wi fi', 'internet', 'password', 'network'], fr: ['mot de passe', 'reseau', 'code wifi'] },
  checkin: {
    en: ['check in', 'checkin', 'arrival', 'arrive', 'arriving', 'get the keys'],
    fr: ['arrivee', 'arriver', 'arrivons', 'arrive', 'cles'],
  },
  checkout: {
    en: ['check out', 'checkout', 'departure', 'leave', 'leaving'],
    fr: ['depart', 'partir', 'quitter', 'liberer'],
  },
  rules: {
    en: ['rule*', 'smok*', 'party', 'parties', 'noise', 'quiet hours'],
    fr: ['regle*', 'reglement*', 'fumer', 'fumeur*', 'fete*', 'bruit*'],
  },
  pets: { en: ['pet', 'pets', 'dog*', 'cat', 'cats', 'animal*'], fr: ['animaux', 'chien*'] },
  breakfast: { en: ['breakfast'], fr: ['petit dej*'] },
  cancellation: { en: ['cancel*', 'refund*'], fr: ['annul*', 'rembours*'] },
  amenities: {
    en: ['amenit*', 'equipment', 'facilities', 'what is provided'],
    fr: ['equipement*', 'commodite*', 'prestations'],
  },
};

/** Amenity names as French speakers ask for them → words of the catalogue's English names. */
export const FRENCH_AMENITY_WORDS: Record<string, string> = {
  piscine: 'pool',
  cuisine: 'kitchen',
  climatisation: 'air conditioning',
  clim: 'air conditioning',
  chauffage: 'heating',
  'lave linge': 'washer',
  'machine a laver': 'washer',
  'seche linge': 'dryer',
  'lave vaisselle': 'dishwasher',
  'seche cheveux': 'hair dryer',
  ascenseur: 'elevator',
  balcon: 'balcony',
  jardin: 'garden',
  terrasse: 'terrace',
  television: 'tv',
  tele: 'tv',
  'salle de sport': 'gym',
  'lit bebe': 'crib',
  'chaise haute': 'high chair',
  barbecue: 'bbq',
  'micro ondes': 'microwave',
  refrigerateur: 'refrigerator',
  frigo: 'refrigerator',
  cafetiere: 'coffee maker',
  serviettes: 'towels',
  draps: 'linen',
  'fer a repasser': 'iron',
  'borne de recharge': 'ev charger',
  jacuzzi: 'hot tub',
  stationnement: 'parking',
  garage: 'parking',
  'espace de travail': 'workspace',
  'jeux de societe': 'board games',
};

/** Words too common in amenity names to say which one a question is about. */
export const AMENITY_STOPWORDS = new Set([
  'free',
  'paid',
  'and',
  'with',
  'access',
  'services',
  'basics',
  'kit',
  'alarm',
  'wide',
  'step',
  'first',
  'maker',
  'board',
]);

// Words that tell the language of a question when no French keyword already did.
export const FRENCH_MARKERS = new Set([
  'quel',
  'quelle',
  'quels',
  'quelles',
  'est',
  'ce',
  'que',
  'qu',
  'le',
  'la',
  'les',
  'des',
  'du',
  'un',
  'une',
  'pour',
  'avec',
  'heure',
  'je',
  'nous',
  'vous',
  'comment',
  'combien',
  'ou',
  'sont',
  'peut',
  'puis',
  'mon',
  'ma',
  'mes',
  'votre',
  'vos',
  'il',
  'y',
  'on',
  'au',
  'aux',
]);
export const ENGLISH_MARKERS = new Set([
  'what',
  'is',
  'the',
  'are',
  'can',
  'i',
  'we',
  'you',
  'there',
  'how',
  'when',
  'do',
  'does',
  'my',
  'our',
  'your',
  'time',
  'of',
  'to',
  'which',
  'where',
]);

/** French wording of the refund rules of each policy (the English ones come with the facts). */
export const FRENCH_POLICY_RULES: Record<string, string> = {
  flexible: "Flexible : remboursement intégral jusqu'à 24 heures avant l'arrivée.",
  moderate: "Modérée : remboursement intégral jusqu'à 5 jours avant l'arrivée.",
  strict:
    "Stricte : remboursement intégral dans les 48 heures suivant la réservation si l'arrivée est dans au moins 14 jours, " +
    "sinon 50 % jusqu'à 7 jours avant l'arrivée ; aucun remboursement ensuite.",
};
