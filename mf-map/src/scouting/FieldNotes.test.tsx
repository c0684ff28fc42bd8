import { screen, within } from '@testing-library/react';
import type { ScoutingNote } from '@paddock/shared/contracts';
import { renderOverMap } from '../testing/harness';
import { makeField } from '../testing/fixtures';
import { FieldNotes } from './FieldNotes';

/** Field ids are UUIDs in a note (the contract checks them). */
const NORTH = '11111111-1111-4111-8111-111111111111';
const SOUTH = '22222222-2222-4222-8222-222222222222';

let counter = 0;
function note(fieldId: string | null, overrides: Partial<ScoutingNote['note']>, author: string | null): ScoutingNote {
  counter += 1;
  const id = `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
  return {
    id,
    farm_id: '33333333-3333-4333-8333-333333333333',
    author_id: null,
    author_name: author,
    created_on: '2026-11-20T00:00:00.000Z',
    updated_on: '2026-11-20T00:00:00.000Z',
    revisions: 1,
    photos: [],
    note: {
      field_id: fieldId,
      geometry: { type: 'Point', coordinates: [147.005, -35.004] },
      location_source: 'placed',
      accuracy_m: null,
      category: 'weeds',
      severity: 'moderate',
      text: '',
      observed_on: '2026-11-20',
      index_reading: null,
      follow_up: null,
      ...overrides,
    },
  };
}

describe("a field's scouting notes in its details", () => {
  it("lists that field's notes as the server orders them (latest first), with category, severity, day and author", async () => {
    const notes = [
      note(NORTH, { category: 'pests', severity: 'high', observed_on: '2026-11-25' }, 'Sam Agronomist'),
      note(SOUTH, { category: 'disease', observed_on: '2026-11-24' }, 'Alex Grower'),
      note(NORTH, { category: 'waterlogging', severity: 'low', observed_on: '2026-11-02' }, null),
    ];
    renderOverMap(<FieldNotes fieldId={NORTH} />, {
      fields: [makeField(NORTH), makeField(SOUTH, {}, 1)],
      routes: { 'GET /v2/farms/f1/scouting/notes': { status: 200, body: { data: notes } } },
    });
    const section = screen.getByRole('region', { name: 'Scouting notes in this field' });
    const items = await within(section).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Pests (high) 25 Nov 2026Sam Agronomist',
      'Waterlogging (low) 2 Nov 2026',
    ]);
  });

  it('says so when the field has no notes', async () => {
    renderOverMap(<FieldNotes fieldId={NORTH} />, {
      fields: [makeField(NORTH)],
      routes: { 'GET /v2/farms/f1/scouting/notes': { status: 200, body: { data: [] } } },
    });
    expect(await screen.findByText(/No notes in this field yet/)).toBeInTheDocument();
  });
});
