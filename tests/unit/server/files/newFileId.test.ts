// A new deliverable file's id (server/files/fileService.ts): always one the storage paths accept. A
// base64url id starts with '__' once in 4,096 draws, which the paths refuse: a seller's upload then
// failed with 'A product and file id are letters, digits, _ and - only.'
import { describe, expect, it } from 'vitest';
import { newFileId } from '../../../../server/files/fileService';
import { deliverablePath } from '../../../../server/files/storage';

describe('a new file id', () => {
  it('never starts with __ and always makes a storage path, over 40,000 draws', () => {
    const refused: string[] = [];
    for (let draw = 0; draw < 40_000; draw += 1) {
      const id = newFileId();
      try {
        deliverablePath('product-a1', id);
      } catch {
        refused.push(id);
      }
    }
    expect(refused).toEqual([]);
  });
});
