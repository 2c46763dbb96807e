import type { NamedSpecies } from '@eco/contracts/camera-trap';
import { UNKNOWN_LABEL } from '@eco/contracts/camera-trap';

/**
 * How a species is named to people: the Chinese name and the scientific name (zh-CN), or the
 * scientific name alone (en-US); `unknown` → the `unknownLabel` words.
 */
export function speciesName(species: NamedSpecies, zh: boolean, unknownLabel: string): string {
  if (species.scientificName === UNKNOWN_LABEL) return unknownLabel;
  return zh && species.nameZh ? `${species.nameZh} ${species.scientificName}` : species.scientificName;
}
