// Unit tests import the facade's modules without an entry: they load the capabilities as
// webauth-js/lazy and the CDN file do, each by its own import() (vitest setupFiles).
import { ON_DEMAND } from '../web-auth/capabilities-on-demand.js';
import { useCapabilities } from '../web-auth/load-capability.js';

useCapabilities(ON_DEMAND);
