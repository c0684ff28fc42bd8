import controls from './controls.module.css';

/** The header cell of a table's row-actions column: named for screen readers, blank on screen. */
export function ActionsHeader() {
  return (
    <th scope="col">
      <span className={controls.visuallyHidden}>Actions</span>
    </th>
  );
}
