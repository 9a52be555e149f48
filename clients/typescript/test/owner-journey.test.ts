// An owner's journey through the client against the service listening on a port: register as an
// owner, verify the mailed code, apply with the KYC documents (multipart), a support agent approves
// the application (heard by the applicant on the notifications WebSocket), then the 8-step
// listing wizard, one step a request, and its photos (multipart), until travellers find it.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { WebSocket } from 'ws';
import { createUser } from '../../../test/helpers/factories.ts';
import { png } from '../../../test/helpers/image-files.ts';
import { payloadRefs, type PayloadRefs } from '../../../test/helpers/property-payloads.ts';
import {
  applyToBecomeOwner,
  fileFrom,
  openRealtimeSocket,
  unwrap,
  uploadPropertyMedia,
  type NotificationFrame,
  type RequestBody,
} from '../src/index.ts';
import { day, person, startWorld, type World } from './support/world.ts';

type Step = RequestBody<'/api/properties/{id}', 'post'>;

function wizard(refs: PayloadRefs, tag: string): Step[] {
  return [
    { who_are_you: 'individual', name_of_structure: 'Maison Lumière' },
    {
      internal_name: `Marais flat ${tag}`,
      public_name: `Bright flat in the Marais ${tag}`,
      type: { id: String(refs.typeId) },
      description: 'A bright two-room flat in the heart of the Marais, on a quiet street.',
    },
    {
      country: { id: refs.country },
      address: '12 Rue des Archives, 75004 Paris',
      location: '48.8575,2.3546',
      neighborhood_id: refs.neighborhoodId,
      timezone: 'Europe/Paris',
    },
    {
      currency: refs.currency,
      base_price: 110,
      price_per_night: 120.5,
      cleaning_fee: 30,
      tax: 10,
      security_deposit: 200,
    },
    {
      capacity: 4,
      square_footage: 55,
      check_in_time: '15:00:00',
      check_in_time_end: '20:00:00',
      check_out_time: '11:00:00',
      breakfast_included: true,
      pets_allowed: false,
    },
    {
      rules: ['No smoking'],
      cancellation_policy: ['flexible'],
      specifications: ['Elevator'],
      features: ['Balcony'],
      commodities: refs.commodityIds,
    },
    { channel_sync_now: false },
    {
      some_informations: [{ key: 'Parking', value: 'Public garage 200 m away' }],
      wifi_informations: { network: 'marais', password: 'wifi-secret-42', speed: '300 Mbps' },
    },
  ];
}

describe('client: an owner is approved by support and publishes a listing with photos', () => {
  let w: World;
  let refs: PayloadRefs;
  before(async () => {
    w = await startWorld();
    refs = await payloadRefs(w.t.deps);
  });
  after(() => w?.close());

  it('register-owner → verify → KYC application with files → support approves → 8 steps → photos → found by travellers', async () => {
    const me = person('host');
    const owner = w.client();
    unwrap(
      await owner.api.POST('/api/auth/register-owner', {
        body: {
          username: me.username,
          first_name: 'Olga',
          last_name: 'Host',
          email: me.email,
          password: me.password,
          password_confirmation: me.password,
          user_type: 'individual',
        },
      }),
    );
    unwrap(
      await owner.api.POST('/api/auth/verify-email', { body: { email: me.email, code: await w.t.lastCode(me.email) } }),
    );
    const session = await owner.login({ login: me.username, password: me.password });
    assert.equal(session.role, 'client', 'an owner account is a client until approved');

    const frames: NotificationFrame[] = [];
    let opens = 0;
    const socket = openRealtimeSocket(owner, 'notifications', {
      WebSocket,
      onFrame: (f) => frames.push(f),
      onOpen: () => (opens += 1),
    });
    try {
      await w.until(() => opens === 1, 'the notifications socket to open');

      const idFront = fileFrom(await png(400, 250), 'id-front.png', 'image/png');
      const idBack = fileFrom(await png(400, 250), 'id-back.png', 'image/png');
      const application = unwrap(
        await applyToBecomeOwner(owner.api, {
          user_type: 'individual',
          country_region: 'Île-de-France',
          id_type: 'passport',
          id_number: 'X1234567',
          id_expiry_date: day(w.t, 2000),
          id_reco_path: idFront,
          id_verso_path: idBack,
          place_type: 'apartment',
          address: '12 Rue des Archives',
          city: 'Paris',
          postal_code: '75004',
          country: 'France',
          longitude: 2.3546,
          latitude: 48.8575,
        }),
      ).data;
      assert.equal(application.status, 'pending');
      assert.deepEqual(application.missing_documents, []);

      const staff = await createUser(w.t.deps, { role: 'support' });
      const support = w.client();
      await support.login({ login: staff.email, password: 'correct-horse-42', type: 'support' });
      const queue = unwrap(
        await support.api.GET('/api/user/owner-requests', { params: { query: { status: 'pending' } } }),
      ).data;
      const mine = queue.find((a) => a.id === application.id);
      assert.ok(mine, 'support sees the application');
      assert.equal(mine.user_id, session.user.id);
      // The KYC file, as the reviewer downloads it.
      const front = await support.api.GET('/api/user/owner-requests/{id}/files/{field}', {
        params: { path: { id: application.id, field: 'id_reco_path' } },
        parseAs: 'arrayBuffer',
      });
      assert.equal(front.response.status, 200);
      assert.deepEqual(Buffer.from(front.data!), Buffer.from(await idFront.arrayBuffer()));
      const approved = unwrap(
        await support.api.POST('/api/user/accept-owner-request/{id}', { params: { path: { id: application.id } } }),
      ).data;
      assert.equal(approved.status, 'approved');

      await w.until(() => frames.some((f) => f.title === 'Host application approved'), 'the approval on the WebSocket');
      const who = unwrap(await owner.api.GET('/api/auth/session')).data;
      assert.equal(who.role, 'owner', 'the same token now acts as an owner');

      // The wizard: step 1 creates the draft, each later step is saved on it while it is a draft
      // (steps 1–6 complete make it active); the steps after that are changes of the active listing.
      const [first, ...rest] = wizard(refs, String(process.pid));
      const draft = unwrap(await owner.api.POST('/api/properties', { body: first! })).data;
      assert.equal(draft.status, 'draft');
      let listing = draft;
      for (const step of rest) {
        const params = { path: { id: draft.id } };
        listing = unwrap(
          listing.status === 'draft'
            ? await owner.api.POST('/api/properties/{id}', { params, body: step })
            : await owner.api.PUT('/api/properties/{id}', { params, body: step }),
        ).data;
      }
      assert.equal(listing.id, draft.id);
      assert.equal(listing.status, 'active', 'complete after the steps: active');

      const photos = [
        fileFrom(await png(1600, 1000), 'living-room.png', 'image/png'),
        fileFrom(await png(800, 600), 'kitchen.png', 'image/png'),
      ];
      const uploaded = await uploadPropertyMedia(owner.api, draft.id, photos);
      assert.equal(uploaded.response.status, 201, JSON.stringify(uploaded.error));
      const media = unwrap(
        await owner.api.GET('/api/properties/{id}/medias', { params: { path: { id: draft.id } } }),
      ).data;
      assert.equal(media.length, 2);
      const thumb = await owner.api.GET('/api/properties/medias/{mediaId}/thumbnail', {
        params: { path: { mediaId: media[0]!.id } },
        parseAs: 'blob',
      });
      assert.equal(thumb.response.status, 200);
      assert.equal(thumb.response.headers.get('content-type'), 'image/webp');

      const traveller = w.client();
      const found = unwrap(
        await traveller.api.GET('/api/properties/filter', {
          params: { query: { q: `Marais ${process.pid}`, checkin_date: day(w.t, 10), checkout_date: day(w.t, 12) } },
        }),
      ).data;
      const card = found.find((p) => p.id === draft.id);
      assert.ok(card, 'travellers find the new listing');
      assert.ok(card.cover, 'with its first photo as the cover');
    } finally {
      socket.close();
    }
  });
});
