// ol-ext ships JavaScript without types: the part of its Swipe control the compare view uses.
declare module 'ol-ext/control/Swipe' {
  import Control from 'ol/control/Control';
  import type BaseLayer from 'ol/layer/Base';

  export default class Swipe extends Control {
    constructor(options?: {
      layers?: BaseLayer | BaseLayer[];
      rightLayers?: BaseLayer | BaseLayer[];
      className?: string;
      position?: number;
      orientation?: 'vertical' | 'horizontal';
    });
    /** The control's element (the bar and its handle button). */
    element: HTMLElement;
    addLayer(layer: BaseLayer | BaseLayer[], right?: boolean): void;
    removeLayers(): void;
  }
}
