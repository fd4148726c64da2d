import { describe, expect, it } from 'vitest';
import { orderActionSchema } from '../back-office/schemas';
import { CARRIERS, carrierNamed, trackingUrl } from './carriers';

describe('carriers', () => {
  it('lists the carriers the seller picks from, Other last', () => {
    expect(CARRIERS).toEqual([
      'Canada Post',
      'Purolator',
      'UPS',
      'FedEx',
      'Canpar',
      'Loomis',
      'DHL',
      'Other',
    ]);
  });

  it('knows a listed carrier whatever its case and spaces, and nothing else', () => {
    expect(carrierNamed('ups')).toBe('UPS');
    expect(carrierNamed('  canada   post ')).toBe('Canada Post');
    expect(carrierNamed('Purolator')).toBe('Purolator');
    expect(carrierNamed('Pigeon Express')).toBeNull();
    expect(carrierNamed('')).toBeNull();
    expect(carrierNamed(null)).toBeNull();
  });

  it("links a French reader to the carrier's page in French when it has one", () => {
    expect(trackingUrl('Canada Post', '7023 2100', 'fr')).toBe(
      'https://www.canadapost-postescanada.ca/track-reperage/fr#/search?searchFor=7023%202100',
    );
    expect(trackingUrl('Purolator', 'P1', 'fr')).toBe('https://www.purolator.com/fr/shipping/tracker?pin=P1');
    expect(trackingUrl('UPS', '1Z9', 'fr')).toBe('https://www.ups.com/track?loc=fr_CA&tracknum=1Z9');
    expect(trackingUrl('Loomis', 'L1', 'fr')).toBe(
      'https://www.loomisexpress.com/loomship/Track/TrackStatus?wbs=L1',
    );
    expect(trackingUrl('Other', 'X1', 'fr')).toBeNull();
    expect(trackingUrl('Canada Post', '7023', 'en')).toContain('/track-reperage/en#');
  });

  it("links each carrier's tracking page with the number", () => {
    expect(trackingUrl('Canada Post', '1234567890123456')).toBe(
      'https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor=1234567890123456',
    );
    expect(trackingUrl('Purolator', 'PUR-332211')).toBe(
      'https://www.purolator.com/en/shipping/tracker?pin=PUR-332211',
    );
    expect(trackingUrl('UPS', '1Z999AA10123456784')).toBe(
      'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    );
    expect(trackingUrl('FedEx', '123456789012')).toBe(
      'https://www.fedex.com/fedextrack/?trknbr=123456789012',
    );
    expect(trackingUrl('Canpar', 'D123')).toBe('https://www.canpar.com/en/tracking/track.htm?barcode=D123');
    expect(trackingUrl('Loomis', 'L1')).toBe(
      'https://www.loomisexpress.com/loomship/Track/TrackStatus?wbs=L1',
    );
    expect(trackingUrl('DHL', '42')).toBe('https://www.dhl.com/ca-en/home/tracking.html?tracking-id=42');
  });

  it('URL-encodes the number', () => {
    expect(trackingUrl('UPS', 'A B&c=d/é#')).toBe(
      'https://www.ups.com/track?tracknum=A%20B%26c%3Dd%2F%C3%A9%23',
    );
    expect(trackingUrl('ups', ' 1Z ')).toBe('https://www.ups.com/track?tracknum=1Z');
  });

  it('has no link for Other, a carrier not on the list, or no number', () => {
    expect(trackingUrl('Other', '123')).toBeNull();
    expect(trackingUrl('Pigeon Express', '123')).toBeNull();
    expect(trackingUrl('UPS', '')).toBeNull();
    expect(trackingUrl('UPS', '   ')).toBeNull();
    expect(trackingUrl('', '123')).toBeNull();
  });

  it('the ship action takes a listed carrier, as the list spells it, or none', () => {
    expect(orderActionSchema.parse({ action: 'ship', carrier: ' fedex ' }).carrier).toBe('FedEx');
    expect(orderActionSchema.parse({ action: 'ship', carrier: 'Purolator' }).carrier).toBe('Purolator');
    expect(orderActionSchema.parse({ action: 'ship' }).carrier).toBe('');
    const refused = orderActionSchema.safeParse({ action: 'ship', carrier: 'Pigeon Express' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({
      path: ['carrier'],
      message:
        'The carrier must be one of Canada Post, Purolator, UPS, FedEx, Canpar, Loomis, DHL, Other (or left empty).',
    });
  });
});
