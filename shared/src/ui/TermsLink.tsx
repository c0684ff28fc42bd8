import { paths } from '../contracts/routes';
import styles from './ui.module.css';

/**
 * The link every agreement checkbox gives to the terms it names (issue 27), beside the checkbox so
 * the checkbox's own label stays one click target. Opens in a new tab: the form keeps what was typed.
 */
export function TermsLink({ children = 'Read the terms and conditions' }: { children?: string }) {
  return (
    <a className={styles.termsLink} href={paths.terms} target="_blank" rel="noreferrer">
      {children}
    </a>
  );
}
