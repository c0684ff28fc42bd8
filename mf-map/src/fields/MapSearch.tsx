import { useMemo, useState } from 'react';
import { ComboBox, Input, Label, ListBox, ListBoxItem, Popover, type Key } from 'react-aria-components';
import { formatHectares } from '@paddock/shared/format';
import { useOlMap } from '../map-core/olMapContext';
import { useMapStore, useMapStoreApi } from '../store';
import { Icon } from '../controls/icons';
import controls from '../controls/controls.module.css';
import styles from '../farm-page/TopRight.module.css';

/** At most this many suggestions: enough to pick from, few enough to render at once with thousands of fields. */
const MAX_SUGGESTIONS = 20;

/** The map's search box (spec 2 §2): finds a field by name, then zooms to it and selects it. */
export function MapSearch() {
  const store = useMapStoreApi();
  const handle = useOlMap();
  const fields = useMapStore((s) => s.fields);
  const [text, setText] = useState('');
  const matches = useMemo(() => {
    const needle = text.trim().toLowerCase();
    if (!needle) return [];
    return fields.filter((f) => f.properties.field_name.toLowerCase().includes(needle)).slice(0, MAX_SUGGESTIONS);
  }, [fields, text]);

  const choose = (key: Key | null) => {
    if (key === null) return;
    const fieldId = String(key);
    const state = store.getState();
    if (state.mode === 'view') state.setSelection([fieldId]);
    handle?.zoomToFields([fieldId]);
    setText('');
  };

  return (
    <ComboBox
      className={styles.search}
      items={matches}
      inputValue={text}
      onInputChange={setText}
      value={null}
      onChange={choose}
      allowsEmptyCollection={text.trim() !== ''}
    >
      <Label className={controls.visuallyHidden}>Search fields on the map</Label>
      <span className={styles.searchIcon}>
        <Icon name="search" size={16} />
      </span>
      <Input className={styles.searchInput} placeholder="Search fields" />
      <Popover className={controls.popover} placement="bottom end">
        <ListBox
          className={controls.listBox}
          renderEmptyState={() => <p className={controls.empty}>No field is called that.</p>}
        >
          {(field: (typeof matches)[number]) => (
            <ListBoxItem id={field.id} textValue={field.properties.field_name} className={controls.option}>
              <span>{field.properties.field_name}</span>
              <span className={styles.optionMeta}>{formatHectares(field.properties.area)} ha</span>
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
