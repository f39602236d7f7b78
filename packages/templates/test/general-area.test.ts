import { describe, expect, it } from 'vitest';
import { looksLikeStreetAddress } from '../src/general-area.ts';

describe('general area or street address', () => {
  it.each([
    '12 Main Street',
    '12 Main St, Springfield',
    '221B Baker Street, London',
    '45 Elm Rd',
    '12-14 Station Road, Leeds',
    '1600 Pennsylvania Ave NW, Washington',
    'Flat 2, 10 Downing St',
    '12 rue de Rivoli, Paris',
    'Hauptstraße 5, Berlin',
    'Musterstrasse 12a',
    'Hauptstr. 5',
    'Calle Mayor, 5, Madrid',
    'Main Street, SW1A 1AA',
    'Baker Street NW1 6XE',
    '10115 Berlin, Chausseestraße',
  ])('refuses the street address %j', (text) => {
    expect(looksLikeStreetAddress(text)).toBe(true);
  });

  it.each([
    'Camden, London',
    'north Leeds',
    'Leeds LS6',
    'near Victoria Park, Hackney',
    'Brooklyn, NY 11201',
    'St Albans',
    'within 5 miles of Bristol',
    '10 minutes from Oxford Street',
    'Oxford Street area',
    'Zone 2, London',
    'Munich city centre',
    'reachable via the A64, junction 3',
  ])('accepts the general area %j', (text) => {
    expect(looksLikeStreetAddress(text)).toBe(false);
  });
});
