import Type from 'typebox';
import { definePluginDescriptor, setting, type SettingValues } from '../../kernel/contract/plugin.ts';

// The lists below are written out inside the schemas, which browser builds strip (the initial
// JavaScript has a budget): AFFILIATE_EVENTS in contract.ts is the same list (postbacks.test.ts checks).

/** One affiliate network's postback: where, how, signed with what, for which events. */
const Network = Type.Object({
  postback_url: Type.String({
    minLength: 10, maxLength: 2000,
    // Macros only after the host: a visitor's sub-id must never choose where the server connects to.
    pattern: '^https?://[^\\s{}/?#]+([/?#]\\S*)?$',
    title: 'Postback URL',
    description: 'The address called once per event: https only (plain http is refused, except for a local receiver in end-to-end tests). '
      + 'Macros, URL-encoded: {click_id} {ref} {sub1} {sub2} {sub3} {event} {amount} {currency} {payout_id}; none in the host part.',
    examples: ['https://track.example-network.com/postback?cid={click_id}&event={event}&amount={amount}&currency={currency}&txid={payout_id}'],
  }),
  secret: Type.String({
    minLength: 16, maxLength: 200, title: 'Signing secret',
    description: 'Key of the HMAC-SHA256 signature every postback carries in its X-Postback-Signature header (at least 16 characters; shared with the network, never sent to browsers).',
  }),
  method: Type.Optional(Type.Enum(['GET', 'POST'], {
    title: 'Method',
    description: "'GET' (default): the URL alone; 'POST': the URL with a JSON body describing the event (also signed).",
  })),
  events: Type.Optional(Type.Array(Type.Enum(['visit', 'signup', 'activation', 'first_purchase', 'purchase'], { title: 'Event', description: 'One event a postback is sent for.' }), {
    uniqueItems: true, maxItems: 5, title: 'Events',
    description: 'The events this network is told of: visit, signup, activation, first_purchase, purchase (default: all of them).',
  })),
}, { additionalProperties: false, title: 'Affiliate network', description: "One network's server-to-server postback." });

/**
 * Affiliates: attribution of visits from traffic sources (network, ref, sub-ids, click id) in a
 * first-party cookie, the events each source earns (visit, signup, activation, first purchase,
 * purchase), and server-to-server postbacks to the networks (signed, retried, SSRF-safe).
 */
export const affiliatesPlugin = definePluginDescriptor({
  id: 'affiliates',
  feature: 'affiliates',
  // auth: an erased account's events keep no user id.
  requires: ['auth'],
  settings: {
    affiliate_networks: setting({
      // Keys: a network's name as it comes in `network=`.
      schema: Type.Record(Type.String({ pattern: '^[A-Za-z0-9._~:@+-]{1,100}$' }), Network, {
        additionalProperties: false,
        title: 'Affiliate networks',
        description: 'Per network name (the value of network= in the address): its postback URL template, signing secret, method and events. A network not listed gets no postbacks; its traffic is still attributed.',
      }),
      default: {}, browser: false,
    }),
  },
});

declare module '../../kernel/contract/settings.ts' {
  interface SiteSettings extends SettingValues<typeof affiliatesPlugin.settings> {}
}

export default affiliatesPlugin;
