/**
 * What the chatbot may answer from. The use case decides what the caller is entitled to know
 * (Wi-Fi credentials only for a guest with a confirmed stay) before it builds these facts, so no
 * engine (the keyword default, or a language model later) can leak what it was never given.
 */
export interface PropertyFacts {
  name: string;
  /** HH:MM:SS in the listing's time zone, or null when the owner did not say. */
  checkInTime: string | null;
  checkInTimeEnd: string | null;
  checkOutTime: string | null;
  rules: string[];
  /** Chosen policy names (flexible, moderate, strict) and their refund rules in English. */
  cancellationPolicies: string[];
  cancellationDescription: string | null;
  amenities: string[];
  petsAllowed: boolean;
  breakfastIncluded: boolean;
  /** Whether the listing has Wi-Fi at all (an amenity anyone may learn). */
  hasWifi: boolean;
  /** Network and password: present only when the caller may have them. */
  wifi: { network: string; password: string } | null;
}

export interface FaqFact {
  id: number;
  question: string;
  answer: string;
  /** Lower-case words or phrases; a trailing `*` matches any word starting with the rest. */
  keywords: string[];
}

export interface AnswerFacts {
  /** The listing the question is about, when one was named. */
  property: PropertyFacts | null;
  /** Active FAQ entries. */
  faqs: FaqFact[];
}

export interface Answer {
  answer: string;
  /** Where the answer came from: the listing's own facts, or the FAQ. */
  source: 'property' | 'faq';
  /** The FAQ entry used, when source is faq. */
  faqId?: number;
}

/** Answers a user's question from the facts given; null when it cannot (the question goes to support). */
export interface AnswerEngine {
  /** Never invents facts: a question the facts do not cover answers null. */
  answer(question: string, facts: AnswerFacts): Promise<Answer | null>;
}
