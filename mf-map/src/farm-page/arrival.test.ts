import { readArrival } from './arrival';

describe('arrival state', () => {
  it('reads draw, view and edit as the other areas send them', () => {
    expect(readArrival({ draw: true })).toEqual({ kind: 'draw' });
    expect(readArrival({ selectedField: 'x1', view: true })).toEqual({ kind: 'view', fieldId: 'x1' });
    expect(readArrival({ selectedField: 'x1', edit: true })).toEqual({ kind: 'edit', fieldId: 'x1' });
  });

  it('ignores anything else', () => {
    expect(readArrival(null)).toBeNull();
    expect(readArrival({ selectedField: 'x1' })).toBeNull();
    expect(readArrival({ selectedField: 42, edit: true })).toBeNull();
    expect(readArrival('draw')).toBeNull();
  });
});
