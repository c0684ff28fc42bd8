// Async boundary, as in the host: shared singletons must be negotiated before React loads.
import('./harness');
