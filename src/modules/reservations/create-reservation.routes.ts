// POST /reservations, POST /reservations/multi-room and GET /reservations/{id}.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Deps } from '../../kernel/deps.ts';
import { callerOrUnconfirmed, currentUser } from '../../platform/auth.ts';
import { errorResponses, ok } from '../../platform/envelope.ts';
import { invalidField } from '../../platform/errors.ts';
import type { AuthUser, UnconfirmedCaller } from '../../kernel/caller.ts';
import { cachedReadForm, findPropertyById } from '../properties/index.ts';
import { replayReservation } from './replay-reservation.ts';
import { createReservation, type CreatedReservation } from './create-reservation.ts';
import * as S from './create-reservation.schemas.ts';
import { BOOKING_RULES } from './reservations.docs.ts';
import { toPricingRequest } from './preview-reservation.ts';
import { toReservationLight, toReservationReadForm } from './reservation-view.ts';
import { showReservation } from './show-reservation.ts';

const security = [{ bearer: [] }];

const base = (req: {
  property_id: number;
  checkin_date: string;
  checkout_date: string;
  code_promo?: string;
  offer_id?: number;
  package_ids?: number[];
  service_ids?: number[];
  rooms?: S.SimpleBody['rooms'];
}) => ({ ...req, promo_code: req.code_promo });

export async function createReservationRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();
  // The listing as it reads after the booking, through the properties module (its detail cache,
  // which the booking's announced nights keep current). A booking only succeeds on a public
  // listing. For the signed-in guest, is_favorite is read: the booking's fifth statement.
  const withProperty = (booked: CreatedReservation, user: AuthUser | UnconfirmedCaller) =>
    cachedReadForm(deps, {
      id: booked.property.id,
      caller: user,
      loadRow: async () => (await findPropertyById(deps.db, booked.property.id)) ?? booked.property,
      visible: () => true,
    });

  routes.post(
    '/reservations',
    {
      // The session is checked by the booking's own first statement when not in the cache (auth.ts).
      config: { auth: 'deferred', idempotent: true },
      schema: {
        operationId: 'createReservation',
        tags: ['reservations'],
        summary: 'Book a stay (simple form)',
        security,
        description: `${BOOKING_RULES} Answers the lighter variant: guests and price_details are JSON text, total is decimal text.`,
        body: S.SimpleBody,
        response: { 201: S.ReservationLightResponse, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (req, reply) => {
      const user = callerOrUnconfirmed(req);
      const body = req.body;
      const replayOf = req.idempotency?.replayOf;
      const created = replayOf
        ? await replayReservation(deps, currentUser(req), replayOf)
        : await createReservation(deps, user, {
            pricing: toPricingRequest({ ...base(body), guests: body.guests }),
            guestDetails: {},
            specialRequests: body.special_requests ?? null,
            idempotency: req.idempotency,
          });
      const data = toReservationLight(created.reservation, created.lines, await withProperty(created, user));
      return reply.code(201).send(ok(data, 'Reservation created'));
    },
  );

  routes.post(
    '/reservations/multi-room',
    {
      // The session is checked by the booking's own first statement when not in the cache (auth.ts).
      config: { auth: 'deferred', idempotent: true },
      schema: {
        operationId: 'createMultiRoomReservation',
        tags: ['reservations'],
        summary: 'Book several rooms',
        security,
        description:
          `${BOOKING_RULES} guests is the list of people staying: age ≥ ${S.ADULT_AGE} is an adult, younger a child; the list and the ` +
          'contact fields are kept with the reservation. Answers the read form.',
        body: S.MultiRoomBody,
        response: { 201: S.ReservationResponse, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (req, reply) => {
      const user = callerOrUnconfirmed(req);
      const body = req.body;
      const adults = body.guests.filter((g) => g.age >= S.ADULT_AGE).length;
      if (adults === 0) throw invalidField('guests', `at least one guest must be ${S.ADULT_AGE} or older`);
      const replayOf = req.idempotency?.replayOf;
      const created = replayOf
        ? await replayReservation(deps, currentUser(req), replayOf)
        : await createReservation(deps, user, {
            pricing: toPricingRequest({ ...base(body), guests: { adults, children: body.guests.length - adults } }),
            guestDetails: {
              first_name: body.first_name,
              last_name: body.last_name,
              email: body.email,
              phone: body.phone,
              guests: body.guests,
            },
            specialRequests: body.special_requests ?? null,
            idempotency: req.idempotency,
          });
      const data = toReservationReadForm(created.reservation, created.lines, await withProperty(created, user));
      return reply.code(201).send(ok(data, 'Reservation created'));
    },
  );

  routes.get(
    '/reservations/:id',
    {
      config: { auth: 'required' },
      schema: {
        operationId: 'getReservation',
        tags: ['reservations'],
        summary: 'A reservation (read form)',
        security,
        description:
          "For its guest, the listing's owner, admin and support; 404 for anyone else. Prices come from the snapshot taken at booking.",
        params: S.ReservationParams,
        response: { 200: S.ReservationResponse, ...errorResponses(401, 404) },
      },
    },
    async (req) => ok(await showReservation(deps, currentUser(req), req.params.id)),
  );
}
