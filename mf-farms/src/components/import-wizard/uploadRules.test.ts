import { addDroppedFiles, checkUpload, type NamedFile } from './uploadRules';

const file = (name: string, size = 1000): NamedFile => ({ name, size });
const names = (files: readonly NamedFile[]) => files.map((f) => f.name);
const parts = (base: string, ...extensions: string[]) => extensions.map((ext) => file(`${base}.${ext}`));

describe('upload rules: dropping shapefile parts', () => {
  it('adds parts, and a part with the same extension replaces the earlier one', () => {
    const first = addDroppedFiles([], parts('paddocks', 'shp', 'dbf'), 'shapefile');
    expect(first).toEqual({ files: parts('paddocks', 'shp', 'dbf'), error: null, ignored: [] });
    const second = addDroppedFiles(first.files, [file('paddocks.SHP', 5), file('paddocks.shx')], 'shapefile');
    expect(names(second.files)).toEqual(['paddocks.SHP', 'paddocks.dbf', 'paddocks.shx']);
  });

  it("refuses several files whose first is not shp, dbf, prj or shx with 'File type is not supported.'", () => {
    const current = parts('paddocks', 'shp');
    const outcome = addDroppedFiles(current, [file('notes.txt'), file('paddocks.dbf')], 'shapefile');
    expect(outcome).toEqual({ files: current, error: 'File type is not supported.', ignored: [] });
  });

  it('ignores the other extensions of a drop that starts with a part, and says which', () => {
    const outcome = addDroppedFiles([], [file('a.shp'), file('readme.txt'), file('a.dbf'), file('a.kml')], 'shapefile');
    expect(names(outcome.files)).toEqual(['a.shp', 'a.dbf']);
    expect(outcome.ignored).toEqual(['readme.txt', 'a.kml']);
    expect(outcome.error).toBeNull();
  });

  it('refuses a single file that is no shapefile part', () => {
    expect(addDroppedFiles([], [file('farm.kml')], 'shapefile').error).toBe('File type is not supported.');
    expect(addDroppedFiles([], [file('README')], 'shapefile').error).toBe('File type is not supported.');
  });

  it('takes one .zip on its own, replacing any parts; parts dropped later replace the zip', () => {
    const zipped = addDroppedFiles(parts('a', 'shp', 'dbf'), [file('a.zip')], 'shapefile');
    expect(names(zipped.files)).toEqual(['a.zip']);
    expect(names(addDroppedFiles(zipped.files, [file('a.shp')], 'shapefile').files)).toEqual(['a.shp']);
  });
});

describe('upload rules: dropping KML or KMZ', () => {
  it('takes exactly one .kml or .kmz; a new one replaces the old', () => {
    const first = addDroppedFiles([], [file('farm.kml')], 'kml');
    expect(names(first.files)).toEqual(['farm.kml']);
    expect(names(addDroppedFiles(first.files, [file('other.KMZ')], 'kml').files)).toEqual(['other.KMZ']);
  });

  it('refuses several files, and any other type', () => {
    expect(addDroppedFiles([], [file('a.kml'), file('b.kml')], 'kml')).toEqual({
      files: [],
      error: 'Choose one .kml or .kmz file.',
      ignored: [],
    });
    expect(addDroppedFiles([], [file('a.shp')], 'kml').error).toBe('File type is not supported.');
  });
});

describe('upload rules: can Next upload?', () => {
  it("says 'No file to upload' with no file", () => {
    expect(checkUpload([], 'shapefile')).toEqual({ ready: false, problem: 'No file to upload', missing: [] });
    expect(checkUpload([], 'kml').problem).toBe('No file to upload');
  });

  it("needs .shp, .dbf and .shx, saying 'You need to upload other auxiliary files' and which are missing", () => {
    expect(checkUpload(parts('a', 'shp', 'prj'), 'shapefile')).toEqual({
      ready: false,
      problem: 'You need to upload other auxiliary files',
      missing: ['.shx', '.dbf'],
    });
    expect(checkUpload(parts('a', 'shp', 'shx', 'dbf'), 'shapefile').ready).toBe(true);
    expect(checkUpload(parts('a', 'shp', 'shx', 'dbf', 'prj', 'cpg'), 'shapefile').ready).toBe(true);
  });

  it('needs one base name for all parts (any case)', () => {
    expect(checkUpload([file('a.shp'), file('a.shx'), file('b.dbf')], 'shapefile').problem).toBe(
      'All shapefile parts must share one base name.',
    );
    expect(checkUpload([file('Farm.shp'), file('farm.shx'), file('FARM.dbf')], 'shapefile').ready).toBe(true);
  });

  it('takes a single zip, and a single KML or KMZ', () => {
    expect(checkUpload([file('a.zip')], 'shapefile').ready).toBe(true);
    expect(checkUpload([file('a.kmz')], 'kml').ready).toBe(true);
  });

  it('refuses files bigger together than the API takes, naming the limit', () => {
    const big = [file('a.shp', 600), file('a.shx', 300), file('a.dbf', 200)];
    expect(checkUpload(big, 'shapefile', 1000)).toMatchObject({
      ready: false,
      problem: expect.stringContaining('larger than 1 KB'),
    });
    expect(checkUpload(big, 'shapefile', 1100).ready).toBe(true);
  });
});
