import type { MouseEvent } from 'react';
import { paths, productPath } from '@paddock/shared/contracts';
import { goTo, controls } from '@paddock/shared/ui';
import { useMapArea } from '../context';
import { messages } from '../messages';

/** The 'Get Advanced' link to the upgrade page (spec 1 §9). */
export function GetAdvancedLink() {
  const { basename } = useMapArea();
  const open = (event: MouseEvent) => {
    event.preventDefault();
    goTo(basename, paths.advanced());
  };
  return (
    <a className={controls.link} href={productPath(basename, paths.advanced())} onClick={open}>
      {messages.getAdvanced}
    </a>
  );
}
