import { describe, expect, it } from 'vitest';
import { looksLikeStreetAddress } from '../src/street-address.ts';

/** One detector for a template's general area and for every public text (jobs, offers). */
describe('street address or not', () => {
  it.each([
    '12 Main Street',
    '12 Main St, Springfield',
    '221B Baker Street, London',
    '45 Elm Rd',
    '12-14 Station Road, Leeds',
    '1600 Pennsylvania Ave NW, Washington',
    'Flat 2, 10 Downing St',
    '12 rue de Rivoli, Paris',
    '5 avenue Foch',
    'Hauptstraße 5, Berlin',
    'Musterstrasse 12a',
    'Hauptstr. 5',
    'Calle Mayor, 5, Madrid',
    'Rua Augusta 120',
    'Main Street, SW1A 1AA',
    'Baker Street NW1 6XE',
    '10115 Berlin, Chausseestraße',
    // Inside free text, the way a job's scope would give it away.
    'The party is at 4 Privet Drive, Little Whinging.',
    'Come to 3 Hillside Close and ring twice',
    'Pick up the cake from 12 high street.',
    'Delivery to\n27 Acacia Avenue\nLeeds',
    // The number after the street, as much of Europe writes it.
    'Baker Street 221B',
    'Baker Street 221B, London',
    'Main St. 5',
    'Via Roma 10, Milano',
    'Kurfürstendamm 21',
    'Berliner Chaussee 12, Potsdam',
  ])('finds the street address in %j', (text) => {
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
    // Free text of jobs and offers: numbers beside words that can name streets.
    'A flat with 3 bedrooms',
    'For a child turning age 7',
    'Party on 2026-11-26 at 14:00, for 12 guests',
    'In 2026, the best way to plan is early',
    'Fit 12 kids close to the stage',
    '5 tips for a better way to plan',
    'Plan 2 Long Road Trips',
    '3 cars on the road',
    'Set out 3 place settings per table',
    'Walk 20 metres down the lane',
    'Fix 2 Garden Gates Close To Town',
    'Give 2 examples each way.',
    'Budget 1,200 GBP; 40 square metres of lawn',
    'Version 2.4.1 of the app, see https://example.org/12-main-street',
    'Plan a birthday party for Mia (7) — 12 guests',
    'Suggest venues in or near Camden, London that suit 12 guests.',
    'Abbey Road 2 tracks remastered',
    'Wall Street 2008, the crash',
    'Travel via London 2 days early',
    'Sesame Street fans, 5 to 7 years old',
  ])('finds no street address in %j', (text) => {
    expect(looksLikeStreetAddress(text)).toBe(false);
  });
});
