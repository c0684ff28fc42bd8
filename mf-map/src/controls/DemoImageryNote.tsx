import styles from './DemoImageryNote.module.css';

/**
 * Says on the map that its imagery is simulated (the offline demo), and how to get the real thing.
 * Folded to one short line so it never takes the map from a phone.
 */
export function DemoImageryNote() {
  return (
    <details className={styles.note} data-testid="demo-imagery-note">
      <summary className={styles.summary}>
        Demo imagery<span className={styles.wide}> — simulated Sentinel-2</span>
      </summary>
      <p className={styles.body}>
        Simulated Sentinel-2. These pictures are simulated so Paddock works without a network. Real Sentinel-2 imagery,
        a satellite base map and place search come with live data: start Paddock with <code>npm start -- --live</code>,
        or set <code>PADDOCK_LIVE=1</code> on the server.
      </p>
    </details>
  );
}
