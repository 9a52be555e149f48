// The default answer engine: keyword and intent matching over the listing's facts and the FAQ,
// in English or French (the question's language). It needs nothing outside the process and never
// makes up a fact: an intent whose fact the owner left empty is not answered.
import type { Answer, AnswerEngine, AnswerFacts, FaqFact, PropertyFacts } from '../../ports/answer-engine.ts';
import {
  AMENITY_STOPWORDS,
  ENGLISH_MARKERS,
  FRENCH_AMENITY_WORDS,
  FRENCH_MARKERS,
  FRENCH_POLICY_RULES,
  INTENT_KEYWORDS,
  type Intent,
} from './vocabulary.ts';

type Lang = 'en' | 'fr';

/** Lower case, accents removed, anything but letters and digits turned into single spaces. */
export function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether the normalised text holds the keyword as whole words (or as a word prefix with `*`). */
export function hasKeyword(text: string, keyword: string): boolean {
  const prefix = keyword.endsWith('*');
  const kw = normalise(prefix ? keyword.slice(0, -1) : keyword);
  if (!kw) return false;
  return new RegExp(`(^| )${escapeRegExp(kw)}${prefix ? '' : '( |$)'}`).test(text);
}

const ORDER: Intent[] = ['checkin', 'checkout', 'wifi', 'rules', 'pets', 'breakfast', 'cancellation', 'amenities'];

export class KeywordAnswerEngine implements AnswerEngine {
  async answer(question: string, facts: AnswerFacts): Promise<Answer | null> {
    const text = normalise(question);
    if (!text) return null;
    const { intents, frenchHits } = this.intentsOf(text);
    const lang = languageOf(text, frenchHits);
    if (facts.property) {
      const parts = intents.map((i) => answerIntent(i, facts.property!, lang)).filter((a): a is string => a !== null);
      const specific = intents.includes('amenities') ? null : amenityAnswer(text, facts.property, lang);
      if (specific) parts.push(specific);
      if (parts.length) return { answer: parts.join(' '), source: 'property' };
    }
    const faq = bestFaq(text, facts.faqs);
    return faq ? { answer: faq.answer, source: 'faq', faqId: faq.id } : null;
  }

  private intentsOf(text: string): { intents: Intent[]; frenchHits: number } {
    let frenchHits = 0;
    const intents: Intent[] = [];
    for (const intent of ORDER) {
      const { en, fr } = INTENT_KEYWORDS[intent];
      const frHit = fr.some((k) => hasKeyword(text, k));
      if (frHit) frenchHits++;
      if (frHit || en.some((k) => hasKeyword(text, k))) intents.push(intent);
    }
    return { intents, frenchHits };
  }
}

function languageOf(text: string, frenchHits: number): Lang {
  let fr = frenchHits * 2;
  let en = 0;
  for (const w of text.split(' ')) {
    if (FRENCH_MARKERS.has(w)) fr++;
    if (ENGLISH_MARKERS.has(w)) en++;
  }
  return fr > en ? 'fr' : 'en';
}

const hhmm = (t: string) => t.slice(0, 5);

function answerIntent(intent: Intent, p: PropertyFacts, lang: Lang): string | null {
  const fr = lang === 'fr';
  switch (intent) {
    case 'checkin':
      if (!p.checkInTime) return null;
      if (p.checkInTimeEnd) {
        return fr
          ? `L'arrivée à ${p.name} se fait de ${hhmm(p.checkInTime)} à ${hhmm(p.checkInTimeEnd)}.`
          : `Check-in at ${p.name} is from ${hhmm(p.checkInTime)} to ${hhmm(p.checkInTimeEnd)}.`;
      }
      return fr
        ? `L'arrivée à ${p.name} se fait à partir de ${hhmm(p.checkInTime)}.`
        : `Check-in at ${p.name} is from ${hhmm(p.checkInTime)}.`;
    case 'checkout':
      if (!p.checkOutTime) return null;
      return fr
        ? `Le départ de ${p.name} se fait au plus tard à ${hhmm(p.checkOutTime)}.`
        : `Check-out at ${p.name} is by ${hhmm(p.checkOutTime)}.`;
    case 'wifi':
      if (p.wifi) {
        return fr
          ? `Wi-Fi de ${p.name} : réseau « ${p.wifi.network} », mot de passe « ${p.wifi.password} ».`
          : `Wi-Fi at ${p.name}: network "${p.wifi.network}", password "${p.wifi.password}".`;
      }
      if (!p.hasWifi) return null;
      return fr
        ? `${p.name} dispose du Wi-Fi. Le nom du réseau et le mot de passe sont communiqués aux voyageurs dont le séjour est confirmé.`
        : `${p.name} has Wi-Fi. The network name and password are shared with guests who have a confirmed stay.`;
    case 'rules':
      if (!p.rules.length) return null;
      return fr
        ? `Règlement intérieur de ${p.name} : ${p.rules.join(' ; ')}.`
        : `House rules at ${p.name}: ${p.rules.join('; ')}.`;
    case 'pets':
      if (fr)
        return p.petsAllowed
          ? `Les animaux sont acceptés à ${p.name}.`
          : `Les animaux ne sont pas acceptés à ${p.name}.`;
      return p.petsAllowed ? `Pets are allowed at ${p.name}.` : `Pets are not allowed at ${p.name}.`;
    case 'breakfast':
      if (fr)
        return p.breakfastIncluded
          ? `Le petit-déjeuner est inclus à ${p.name}.`
          : `Le petit-déjeuner n'est pas inclus à ${p.name}.`;
      return p.breakfastIncluded ? `Breakfast is included at ${p.name}.` : `Breakfast is not included at ${p.name}.`;
    case 'cancellation': {
      if (!p.cancellationPolicies.length) return null;
      if (fr) {
        const rules = p.cancellationPolicies
          .map((n) => FRENCH_POLICY_RULES[n])
          .filter(Boolean)
          .join(' ');
        return `Conditions d'annulation de ${p.name} : ${rules} Les heures sont celles du fuseau horaire du logement.`;
      }
      return `Cancellation policy of ${p.name}: ${p.cancellationDescription ?? p.cancellationPolicies.join(', ')}`;
    }
    case 'amenities':
      if (!p.amenities.length) return null;
      return fr
        ? `Équipements de ${p.name} : ${p.amenities.join(', ')}.`
        : `Amenities at ${p.name}: ${p.amenities.join(', ')}.`;
  }
}

/** The listing's amenities a question names ("is there a pool?", "y a-t-il une piscine ?"). */
function amenityAnswer(text: string, p: PropertyFacts, lang: Lang): string | null {
  let search = text;
  for (const [fr, en] of Object.entries(FRENCH_AMENITY_WORDS)) if (hasKeyword(text, fr)) search += ` ${en}`;
  const named = p.amenities.filter((a) => {
    const words = normalise(a).split(' ');
    if (words.join('') === 'wifi') return false;
    if (hasKeyword(search, words.join(' '))) return true;
    return words.some((w) => w.length >= 4 && !AMENITY_STOPWORDS.has(w) && hasKeyword(search, w));
  });
  if (!named.length) return null;
  return lang === 'fr'
    ? `Oui, ${p.name} dispose de : ${named.join(', ')}.`
    : `Yes, ${p.name} has: ${named.join(', ')}.`;
}

/** The FAQ entry with the most keywords in the question; on a tie, the longest keyword, then the oldest entry. */
function bestFaq(text: string, faqs: FaqFact[]): FaqFact | null {
  let best: { faq: FaqFact; hits: number; longest: number } | null = null;
  for (const faq of faqs) {
    const hit = faq.keywords.filter((k) => hasKeyword(text, k));
    if (!hit.length) continue;
    const longest = Math.max(...hit.map((k) => k.length));
    if (!best || hit.length > best.hits || (hit.length === best.hits && longest > best.longest))
      best = { faq, hits: hit.length, longest };
  }
  return best?.faq ?? null;
}
