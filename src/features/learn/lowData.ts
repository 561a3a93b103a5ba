// Whether the player starts on a lesson's low-data version (docs/courses.md): when the browser says
// the buyer asked to save data, or that the connection is 2g or 3g class. The buyer can switch back.
interface NetworkInformationLike {
  saveData?: boolean;
  effectiveType?: string;
}

const slowTypes = new Set(['slow-2g', '2g', '3g']);

export function prefersLowData(nav: object | undefined = globalThis.navigator): boolean {
  const connection = (nav as { connection?: NetworkInformationLike } | undefined)?.connection;
  if (!connection) return false;
  return connection.saveData === true || slowTypes.has(connection.effectiveType ?? '');
}
