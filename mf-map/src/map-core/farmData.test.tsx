import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { queryHarness } from '@paddock/shared/testing';
import { createMapStore, MapStoreProvider } from '../store';
import { makeFarm, makeField } from '../testing/fixtures';
import { farmLoaded } from '../testing/harness';
import { viewer } from '../testing/mapStore';
import { farmSaved, fieldRemoved, fieldsSaved, fieldsUpdated, useFarm, useFarmFields } from './farmData';

/** The hooks over farm f1 with fields x1 and x2, loaded as the page loads them. */
function loaded() {
  const { client, wrapper: QueryWrapper } = queryHarness();
  const store = createMapStore();
  farmLoaded(client, store, makeFarm(), [makeField('x1'), makeField('x2', {}, 1)], viewer);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryWrapper>
      <MapStoreProvider store={store}>{children}</MapStoreProvider>
    </QueryWrapper>
  );
  const shown = renderHook(() => ({ farm: useFarm(), fields: useFarmFields() }), { wrapper });
  const names = () => shown.result.current.fields.map((f) => [f.id, f.properties.field_name]);
  return { client, shown, names };
}

describe('the farm and its fields in the query cache (farmData)', () => {
  it('shows nothing before the farm has loaded', () => {
    const { wrapper } = queryHarness();
    const store = createMapStore();
    const { result } = renderHook(() => ({ farm: useFarm(), fields: useFarmFields() }), {
      wrapper: ({ children }) => wrapper({ children: <MapStoreProvider store={store}>{children}</MapStoreProvider> }),
    });
    expect(result.current).toEqual({ farm: null, fields: [] });
  });

  it('a saved field replaces its old version in place; a new one is added at the end', () => {
    const { client, names } = loaded();
    let now: ReturnType<typeof fieldsSaved> = [];
    act(() => {
      now = fieldsSaved(client, 'f1', [makeField('x1', { field_name: 'Creek' })]);
    });
    expect(names()).toEqual([
      ['x1', 'Creek'],
      ['x2', 'Field x2'],
    ]);
    act(() => {
      now = fieldsSaved(client, 'f1', [makeField('x9', { field_name: 'Hill' }, 2)]);
    });
    expect(names()).toEqual([
      ['x1', 'Creek'],
      ['x2', 'Field x2'],
      ['x9', 'Hill'],
    ]);
    expect(now.map((f) => f.id)).toEqual(['x1', 'x2', 'x9']);
  });

  it('a field changed elsewhere (its crop) is replaced; one of no field of the farm is ignored', () => {
    const { client, shown } = loaded();
    act(() => fieldsUpdated(client, 'f1', [makeField('x2', { field_crop_type: 'Canola' }), makeField('unknown')]));
    expect(shown.result.current.fields.map((f) => [f.id, f.properties.field_crop_type])).toEqual([
      ['x1', null],
      ['x2', 'Canola'],
    ]);
  });

  it('a deleted field leaves the list; a renamed farm shows its new name', () => {
    const { client, shown, names } = loaded();
    act(() => fieldRemoved(client, 'f1', 'x1'));
    expect(names()).toEqual([['x2', 'Field x2']]);
    act(() => farmSaved(client, makeFarm('f1', 'owner', 'Creek Flats')));
    expect(shown.result.current.farm?.properties.farm_name).toBe('Creek Flats');
  });
});
