import { readFarmMapNavState, readFarmsNavState, withoutNavFlag } from './navigation';

describe('navigation state', () => {
  it('reads the farms list flags, and nothing from a state another version left', () => {
    expect(readFarmsNavState({ favourites: true })).toEqual({ favourites: true, createFarm: false });
    expect(readFarmsNavState({ createFarm: 'yes' })).toEqual({ favourites: false, createFarm: false });
    expect(readFarmsNavState(null)).toEqual({ favourites: false, createFarm: false });
  });

  it('drops one flag and keeps what else is there', () => {
    expect(withoutNavFlag({ createFarm: true, from: 'nav' }, 'createFarm')).toEqual({ from: 'nav' });
    expect(withoutNavFlag('junk', 'createFarm')).toEqual({});
  });

  it('reads what the farm map should do on arrival', () => {
    expect(readFarmMapNavState({ draw: true })).toEqual({ kind: 'draw' });
    expect(readFarmMapNavState({ selectedField: 'f1', edit: true })).toEqual({ kind: 'edit', fieldId: 'f1' });
    expect(readFarmMapNavState({ selectedField: 'f1', view: true })).toEqual({ kind: 'view', fieldId: 'f1' });
    expect(readFarmMapNavState({ selectedField: '', view: true })).toBeNull();
    expect(readFarmMapNavState({ tutorial: true })).toEqual({ kind: 'tutorial' });
    expect(readFarmMapNavState({ tutorial: 'yes' })).toBeNull();
    expect(readFarmMapNavState(undefined)).toBeNull();
  });
});
