// Modules one remote exposes for another (beyond `./spa`): one type used by the exposer (which
// `satisfies` it) and by every loader. A new cross-remote module (the cart modal, a field picker)
// adds its options, module type and id here.
import type { FieldFeature } from './farms';
import type { MfProps } from './microfrontend';

/** A farm as the farms area's modules take it. */
export interface FarmRef {
  farm_id: string;
  farm_name: string;
}

/** Options every exposed dialog takes: the host's props (as the caller received them) and a close. */
export interface ExposedMountOptions {
  props: MfProps;
  /** The user closed it (whatever happened); the caller unmounts it. */
  onClose(): void;
}

/** Unmounts what a `mount…` call rendered. */
export type Unmount = () => void;

export interface ImportWizardOptions extends ExposedMountOptions {
  farm: FarmRef;
  /** The fields are on the farm (the wizard stays open on its Save File step). */
  onSaved(result: { fieldsAdded: number }): void;
}

/** `mf_farms/import-wizard`: the upload wizard in "add fields" mode (the map's Import Field). */
export interface ImportWizardModule {
  mountImportWizard(element: HTMLElement, options: ImportWizardOptions): Unmount;
}

export interface ShareModalOptions extends ExposedMountOptions {
  farm: FarmRef;
  /** The invitations were sent ('Farms shared successfully' is shown). */
  onShared(): void;
}

export interface DeleteFarmModalOptions extends ExposedMountOptions {
  farm: FarmRef;
  /** The server deleted the farm ('Farm deleted successfully!' is shown). */
  onDeleted(): void;
}

/** `mf_farms/farm-dialogs`: Invite Collaborator and Delete Farm. */
export interface FarmDialogsModule {
  mountShareModal(element: HTMLElement, options: ShareModalOptions): Unmount;
  mountDeleteFarmModal(element: HTMLElement, options: DeleteFarmModalOptions): Unmount;
}

/** `mf_commerce/cart`: the cart modal for the whole product, opened by `paddock:cart-open` (the nav's cart button, the map). It announces the item count with `paddock:cart-changed`. */
export interface CartModule {
  mountCart(element: HTMLElement, options: { props: MfProps }): Unmount;
}

/** What an embedded farm map tells its page (`mf_map/embed`, plain GeoJSON, WGS84, never an OpenLayers object). */
export interface FarmMapEvents {
  /** The farm and its fields are on the map. */
  ready: { farmId: string; farmName: string; fieldCount: number };
  /** The user changed the selection (select mode): the fields now selected, in order of selection. */
  select: { fields: FieldFeature[] };
  /** The farm could not be shown (not found, not shared with this user, or the API failed). */
  error: { message: string; status: number };
}

export interface FarmMapOptions {
  farmId: string;
  /** A bearer token for the Paddock API, fresh on each call (the page owns sign-in). */
  getToken(): Promise<string>;
  /** The API's base URL including `/v2`, e.g. `https://api.paddock.example/v2`. */
  apiUrl: string;
  /** 'view' only shows the fields; 'select' lets the user pick fields by clicking them. Default 'view'. */
  mode?: 'view' | 'select';
}

export interface FarmMapInstance {
  /** Subscribes to an event; returns the unsubscribe. */
  on<E extends keyof FarmMapEvents>(event: E, listener: (payload: FarmMapEvents[E]) => void): () => void;
  /** Selects these fields (unknown ids are ignored); does not echo a 'select' event. */
  setSelection(fieldIds: string[]): void;
  /** Unmounts the map and drops every listener. */
  destroy(): void;
}

/** `mf_map/embed`: the farm map for other pages (the order wizard's field choice, partner pages). */
export interface FarmMapModule {
  createFarmMap(element: HTMLElement, options: FarmMapOptions): FarmMapInstance;
}

/** Federation ids of the exposed modules and the functions each must export (checked by the loader). */
export const exposedModules = {
  importWizard: { id: 'mf_farms/import-wizard', exports: ['mountImportWizard'] },
  farmDialogs: { id: 'mf_farms/farm-dialogs', exports: ['mountShareModal', 'mountDeleteFarmModal'] },
  cart: { id: 'mf_commerce/cart', exports: ['mountCart'] },
  farmMap: { id: 'mf_map/embed', exports: ['createFarmMap'] },
} as const satisfies Record<string, { id: string; exports: readonly string[] }>;

/** The module type behind each exposed id. */
export interface ExposedModuleTypes {
  importWizard: ImportWizardModule;
  farmDialogs: FarmDialogsModule;
  cart: CartModule;
  farmMap: FarmMapModule;
}
