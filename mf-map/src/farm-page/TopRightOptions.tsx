import { useState } from 'react';
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover, type Key } from 'react-aria-components';
import { paths } from '@paddock/shared/contracts';
import { goTo, controls } from '@paddock/shared/ui';
import { useMapArea } from '../context';
import { abilitiesOf } from './access';
import { loadFarmDialogs, type FarmDialogsModule } from './farmsModules';
import { DELETE_REDIRECT_MS } from '../messages';
import { useMapStore } from '../store';
import { RenameFarmDialog } from './RenameFarmDialog';
import { Icon } from '@paddock/shared/ui';
import { RemoteMount } from './RemoteMount';
import { MapSearch } from '../fields/MapSearch';
import { useFindApi } from '../map-core/useFind';
import styles from '../controls/TopRight.module.css';
import { useFarm } from '../map-core/farmData';

type Dialog = 'rename' | 'delete' | 'share' | null;

/** Spec 1 §2.7: the more-menu of view mode; each user sees what their role on the farm allows. */
function MoreMenu({ onChoose }: { onChoose(choice: Exclude<Dialog, null> | 'tutorial'): void }) {
  const role = useFarm()?.properties.permission ?? 'viewer';
  const can = abilitiesOf(role);
  const items = [
    ...(can.edit ? [{ id: 'rename', label: 'Rename Farm' }] : []),
    ...(can.delete ? [{ id: 'delete', label: 'Delete Farm' }] : []),
    ...(can.share ? [{ id: 'share', label: 'Invite Collaborator' }] : []),
    { id: 'tutorial', label: 'View Tutorial' },
  ] as const;
  return (
    <MenuTrigger>
      <AriaButton className={styles.more} aria-label="More options">
        <Icon name="more" />
      </AriaButton>
      <Popover placement="bottom end" className={controls.popover}>
        <Menu
          aria-label="More options"
          className={controls.listBox}
          onAction={(key: Key) => onChoose(key as Exclude<Dialog, null> | 'tutorial')}
        >
          {items.map((item) => (
            <MenuItem
              key={item.id}
              id={item.id}
              className={controls.menuItem}
              data-danger={item.id === 'delete' || undefined}
            >
              {item.label}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}

/** The map's top-right options: the search box, and in view mode the more-menu and its dialogs. */
export function TopRightOptions({ onViewTutorial }: { onViewTutorial(): void }) {
  const props = useMapArea();
  const { bus, basename } = props;
  const farm = useFarm();
  const mode = useMapStore((s) => s.mode);
  const [dialog, setDialog] = useState<Dialog>(null);
  const find = useFindApi();
  const close = () => setDialog(null);
  const target = farm ? { id: farm.id, name: farm.properties.farm_name } : null;

  // Invite Collaborator and Delete Farm are the farms area's own dialogs.
  const mountFarmDialog = (module: FarmDialogsModule, element: HTMLElement) => {
    const options = {
      props,
      farm: { farm_id: farm?.id ?? '', farm_name: farm?.properties.farm_name ?? '' },
      onClose: close,
    };
    if (dialog === 'share') return module.mountShareModal(element, { ...options, onShared: close });
    // Spec 1 §4.4: after the toast, back to the farms list a second later.
    return module.mountDeleteFarmModal(element, {
      ...options,
      onDeleted: () => window.setTimeout(() => goTo(basename, paths.farms), DELETE_REDIRECT_MS),
    });
  };

  return (
    <div className={styles.options}>
      <MapSearch api={find} />
      {mode === 'view' && farm && (
        <MoreMenu onChoose={(choice) => (choice === 'tutorial' ? onViewTutorial() : setDialog(choice))} />
      )}
      {target && <RenameFarmDialog farm={target} isOpen={dialog === 'rename'} onClose={close} />}
      {(dialog === 'share' || dialog === 'delete') && farm && (
        <RemoteMount
          key={dialog}
          load={loadFarmDialogs}
          mount={mountFarmDialog}
          onUnavailable={() => {
            close();
            bus.toast('error', 'This option could not be opened. Please try again in a moment.');
          }}
        />
      )}
    </div>
  );
}
