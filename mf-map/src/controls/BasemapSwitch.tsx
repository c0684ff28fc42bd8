import { Menu, MenuItem, MenuTrigger, Popover, type Key } from 'react-aria-components';
import type { Basemap } from '@paddock/shared/contracts';
import { ControlGroup, ControlTrigger } from './ControlButton';
import { controls } from '@paddock/shared/ui';
import { NO_BASEMAP } from '../map-core/basemapChoice';

export interface BasemapSwitchProps {
  basemaps: readonly Basemap[];
  /** The id shown now ('none' for the plain background). */
  current: string;
  onChoose(id: string): void;
}

/** The map's base map switch (issue 10 §1): each base map the api offers, and none. */
export function BasemapSwitch({ basemaps, current, onChoose }: BasemapSwitchProps) {
  const items = [...basemaps.map((b) => ({ id: b.id, label: b.name })), { id: NO_BASEMAP, label: 'No base map' }];
  return (
    <ControlGroup label="Base map">
      <MenuTrigger>
        <ControlTrigger icon="layers" label="Base map" testId="basemap-switch" />
        <Popover placement="left top" className={controls.popover}>
          <Menu
            aria-label="Base map"
            className={controls.listBox}
            selectionMode="single"
            selectedKeys={[current]}
            disallowEmptySelection
            onAction={(key: Key) => onChoose(String(key))}
          >
            {items.map((item) => (
              <MenuItem key={item.id} id={item.id} className={controls.menuItem}>
                {item.label}
              </MenuItem>
            ))}
          </Menu>
        </Popover>
      </MenuTrigger>
    </ControlGroup>
  );
}
