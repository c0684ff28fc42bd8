import { useId, useState, type ReactNode } from 'react';
import {
  Button as AriaButton,
  Label,
  ListBox,
  ListBoxItem,
  Menu,
  MenuItem,
  MenuTrigger,
  Popover,
  Select,
  SelectValue,
  type Key,
} from 'react-aria-components';
import { useShallow } from 'zustand/react/shallow';
import {
  layerAlgorithms,
  paths,
  productPath,
  type ImageryAlgorithm,
  type ImageryLayer,
} from '@paddock/shared/contracts';
import { goTo, controls } from '@paddock/shared/ui';
import { controlStyles } from '@paddock/shared/ui/form';
import { Icon } from '@paddock/shared/ui';
import { useMapArea } from '../../context';
import { useMapStore, useMapStoreApi, type MapLayerId } from '../../store';
import { isAlgorithmLocked } from '../../map-core/imagery/access';
import { isPhoneWidth } from '../lib/layout';
import { algorithmLabels, imageryMessages, layerLabels } from '../../map-core/imagery/labels';
import { UpgradeIcon } from './UpgradeIcon';
import panel from '../../controls/mapPanel.module.css';
import { PanelToggle } from '../../controls/PanelToggle';
import styles from '../imagery.module.css';
import { GetAdvancedLink } from '../../controls/GetAdvancedLink';
import { useFarmFields } from '../../map-core/farmData';

const LAYERS: MapLayerId[] = ['standard', 'high_res', 'sensor_em', 'zoning'];

/** Spec 2 §4: selecting a layer clears the catalog and date and sets the layer's calculation. */
/** The closed look of the panel's pickers: the chosen value and a chevron. */
function SelectTrigger() {
  return (
    <AriaButton className={styles.selectButton}>
      <SelectValue />
      <Icon name="chevron" size={16} />
    </AriaButton>
  );
}

function LayerMenu() {
  const store = useMapStoreApi();
  const layer = useMapStore((s) => s.selectedLayer);
  return (
    <Select
      className={styles.select}
      value={layer}
      onChange={(key) => key !== null && key !== layer && store.getState().selectLayer(key as MapLayerId)}
    >
      <Label className={controlStyles.label}>Layer:</Label>
      <SelectTrigger />
      <Popover className={controls.popover}>
        <ListBox className={controls.listBox}>
          {LAYERS.map((id) => (
            <ListBoxItem key={id} id={id} className={controls.option}>
              {layerLabels[id]}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </Select>
  );
}

/**
 * The layer's calculations ('Depth:' on Rapid-EM). Calculations the user may not use yet show the
 * upgrade icon and cannot be picked (spec 2 §4).
 */
function CalculationMenu({ layer }: { layer: ImageryLayer }) {
  const { profile } = useMapArea();
  const store = useMapStoreApi();
  const algorithm = useMapStore((s) => s.selectedAlgorithm);
  const options = layerAlgorithms[layer];
  const locked = options.filter((option) => isAlgorithmLocked(profile, option));
  return (
    <Select
      className={styles.select}
      value={algorithm && options.includes(algorithm) ? algorithm : null}
      disabledKeys={locked}
      onChange={(key) => key !== null && store.getState().setAlgorithm(key as ImageryAlgorithm)}
    >
      <Label className={controlStyles.label}>{layer === 'sensor_em' ? 'Depth:' : 'Calculation:'}</Label>
      <SelectTrigger />
      <Popover className={controls.popover}>
        <ListBox className={controls.listBox}>
          {options.map((option) => (
            <ListBoxItem
              key={option}
              id={option}
              textValue={algorithmLabels[option]}
              className={`${controls.option} ${styles.option}`}
            >
              {algorithmLabels[option]}
              {locked.includes(option) && <UpgradeIcon className={styles.upgrade} />}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </Select>
  );
}

type Action = 'order' | 'book' | 'export' | 'zones';

/** Spec 2 §2 Actions menu. Export Map is for Advanced users only; Create Zones needs fields and an editor. */
function ActionsMenu({ onExport }: { onExport(): void }) {
  const { basename } = useMapArea();
  const store = useMapStoreApi();
  const hasFields = useFarmFields().length > 0;
  const { advanced, edit } = useMapStore(useShallow((s) => ({ advanced: s.access.advanced, edit: s.access.edit })));
  const canZone = edit && hasFields;
  const act = (key: Key) => {
    const action = key as Action;
    if (action === 'order') window.open(productPath(basename, paths.orderHighResImagery), '_blank', 'noopener');
    else if (action === 'book') goTo(basename, paths.rapidEmBooking());
    else if (action === 'export') onExport();
    else store.getState().setMode('zoning');
  };
  return (
    <MenuTrigger>
      <AriaButton className={styles.actionsButton}>
        Actions <Icon name="chevron" size={16} />
      </AriaButton>
      <Popover placement="bottom start" className={controls.popover}>
        <Menu aria-label="Actions" className={controls.listBox} onAction={act} disabledKeys={canZone ? [] : ['zones']}>
          <MenuItem id="order" className={controls.menuItem}>
            Order High Resolution
          </MenuItem>
          <MenuItem id="book" className={controls.menuItem}>
            Book Rapid-EM Machine
          </MenuItem>
          {advanced && (
            <MenuItem id="export" className={controls.menuItem}>
              Export Map
            </MenuItem>
          )}
          <MenuItem id="zones" className={controls.menuItem}>
            Create Zones
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}

/**
 * The imagery settings of view mode (spec 2 §2 left settings panel): layer, calculation, the
 * Advanced cues and the Actions menu. At phone width it folds away behind its heading.
 */
export function ImageryPanel({ onExport, zoningOrders }: { onExport(): void; zoningOrders?: ReactNode }) {
  const { layer, advanced } = useMapStore(useShallow((s) => ({ layer: s.selectedLayer, advanced: s.access.advanced })));
  const [open, setOpen] = useState(() => !isPhoneWidth());
  const bodyId = useId();
  return (
    <section className={panel.panel} aria-label="Map settings" data-open={open || undefined} data-tour="settings">
      <PanelToggle open={open} onToggle={setOpen} bodyId={bodyId}>
        {layerLabels[layer]}
      </PanelToggle>
      <div id={bodyId} className={panel.panelBody} hidden={!open}>
        <LayerMenu />
        {layer === 'zoning' ? zoningOrders : <CalculationMenu layer={layer} />}
        {!advanced && layer !== 'zoning' && layer !== 'sensor_em' && (
          <p className={styles.cue}>
            <UpgradeIcon className={styles.cueIcon} /> {imageryMessages.enableAdvancedCalculations}. <GetAdvancedLink />
          </p>
        )}
        <div data-tour="actions">
          <ActionsMenu onExport={onExport} />
        </div>
        {!advanced && (
          <div className={styles.banner} role="note">
            <strong>{imageryMessages.unlockWithAdvanced}</strong>
            <span>Export Map saves the map, its date and its legend as a PDF.</span>
            <GetAdvancedLink />
          </div>
        )}
      </div>
    </section>
  );
}
