import { useEffect, useMemo, useState } from 'react';
import {
  ComboBox,
  Header,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  ListBoxSection,
  Popover,
  type Key,
} from 'react-aria-components';
import type { Place } from '@paddock/shared/contracts';
import { formatHectares } from '@paddock/shared/format';
import { queryKeys, queryPolicy, freshFor, useQuery } from '@paddock/shared/query';
import type { FindApi } from '../api/findApi';
import { useOlMap } from '../map-core/olMapContext';
import { useMapStoreApi } from '../store';
import { Icon, controls } from '@paddock/shared/ui';
import styles from '../controls/TopRight.module.css';
import { useFarmFields } from '../map-core/farmData';

/** At most this many suggestions: enough to pick from, few enough to render at once with thousands of fields. */
const MAX_SUGGESTIONS = 20;
/** Places are asked for once typing pauses this long, and from this many characters. */
export const PLACE_SEARCH_DELAY_MS = 250;
const PLACE_MIN_CHARS = 2;
/** How close a chosen place opens: a locality shows its paddocks, typed coordinates the spot. */
export const PLACE_ZOOM = { locality: 14, coordinates: 16 } as const;

/** `value` once it has stayed the same for `ms`. */
function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

type Suggestion =
  | { id: string; kind: 'field'; label: string; fieldId: string; area: number }
  | { id: string; kind: 'place'; label: string; place: Place };

/**
 * The map's search box (spec 2 §2, issue 10 §1): finds a field of the farm by name (zooms to it and
 * selects it), and places: Australian localities by name, 'lat, lon' or MGA 'zone easting northing'
 * (moves the map there with a pin). Keyboard: type, arrows, Enter; results are a listbox.
 */
export function MapSearch({ api }: { api?: Pick<FindApi, 'searchPlaces'> }) {
  const store = useMapStoreApi();
  const handle = useOlMap();
  const fields = useFarmFields();
  const [text, setText] = useState('');
  const needle = text.trim().toLowerCase();
  const settled = useSettled(text.trim(), PLACE_SEARCH_DELAY_MS);
  const placeQuery = useQuery({
    queryKey: queryKeys.places(settled),
    queryFn: () => (api as Pick<FindApi, 'searchPlaces'>).searchPlaces(settled),
    enabled: api !== undefined && settled.length >= PLACE_MIN_CHARS && settled.toLowerCase() === needle,
    ...queryPolicy({ freshFor: freshFor.forever, retries: 0 }),
  });

  const fieldMatches = useMemo<Suggestion[]>(() => {
    if (!needle) return [];
    return fields
      .filter((f) => f.properties.field_name.toLowerCase().includes(needle))
      .slice(0, MAX_SUGGESTIONS)
      .map((f) => ({
        id: `field:${f.id}`,
        kind: 'field',
        label: f.properties.field_name,
        fieldId: f.id,
        area: f.properties.area,
      }));
  }, [fields, needle]);
  const placeMatches = useMemo<Suggestion[]>(() => {
    if (!needle || !placeQuery.data || placeQuery.data.query.toLowerCase() !== needle) return [];
    return placeQuery.data.places.map((place, index) => ({
      id: `place:${index}:${place.label}`,
      kind: 'place',
      label: place.label,
      place,
    }));
  }, [placeQuery.data, needle]);
  const searchingPlaces =
    api !== undefined &&
    needle.length >= PLACE_MIN_CHARS &&
    placeMatches.length === 0 &&
    (placeQuery.isFetching || settled.toLowerCase() !== needle);

  const sections = [
    ...(fieldMatches.length > 0 ? [{ id: 'fields', title: 'Fields', items: fieldMatches }] : []),
    ...(placeMatches.length > 0 ? [{ id: 'places', title: 'Places', items: placeMatches }] : []),
  ];

  const choose = (key: Key | null) => {
    if (key === null) return;
    const suggestion = [...fieldMatches, ...placeMatches].find((s) => s.id === key);
    if (!suggestion) return;
    if (suggestion.kind === 'field') {
      const state = store.getState();
      if (state.mode === 'view') state.setSelection([suggestion.fieldId], fields);
      handle?.zoomToFields([suggestion.fieldId]);
    } else {
      handle?.goTo(suggestion.place.lon, suggestion.place.lat, PLACE_ZOOM[suggestion.place.kind]);
    }
    setText('');
  };

  return (
    <ComboBox
      className={styles.search}
      items={sections}
      inputValue={text}
      onInputChange={setText}
      value={null}
      onChange={choose}
      allowsEmptyCollection={needle !== ''}
    >
      <Label className={controls.visuallyHidden}>Search fields and places on the map</Label>
      <span className={styles.searchIcon}>
        <Icon name="search" size={16} />
      </span>
      <Input className={styles.searchInput} placeholder="Search fields or places" />
      <Popover className={controls.popover} placement="bottom end">
        <ListBox
          className={controls.listBox}
          renderEmptyState={() => (
            <p className={controls.empty} role="status">
              {searchingPlaces ? 'Searching places…' : 'No field or place is called that.'}
            </p>
          )}
        >
          {(section: (typeof sections)[number]) => (
            <ListBoxSection id={section.id}>
              <Header className={controls.sectionHeader}>{section.title}</Header>
              {section.items.map((item) =>
                item.kind === 'field' ? (
                  <ListBoxItem key={item.id} id={item.id} textValue={item.label} className={controls.option}>
                    <span>{item.label}</span>
                    <span className={styles.optionMeta}>{formatHectares(item.area)} ha</span>
                  </ListBoxItem>
                ) : (
                  <ListBoxItem key={item.id} id={item.id} textValue={item.label} className={controls.option}>
                    <span>{item.label}</span>
                    <span className={styles.optionMeta}>{item.place.kind === 'coordinates' ? 'Go to' : 'Place'}</span>
                  </ListBoxItem>
                ),
              )}
            </ListBoxSection>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
