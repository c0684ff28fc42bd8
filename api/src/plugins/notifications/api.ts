/** The notifications plugin's public face for other plugins (ARCHITECTURE: plugins import each other only here). */
export { notifyAccounts, notifyFollowUp } from './service';
