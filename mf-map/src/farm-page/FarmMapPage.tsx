import { useParams } from 'react-router-dom';
import { FarmMapScreen } from './FarmMapScreen';

/** /farms/{farm_id}: each farm gets a fresh screen (and store). */
export function FarmMapPage() {
  const { farmId = '' } = useParams();
  return <FarmMapScreen key={farmId} farmId={farmId} />;
}
