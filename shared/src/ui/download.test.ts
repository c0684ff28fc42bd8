import { downloadBlob } from './download';

describe('downloadBlob', () => {
  it('clicks a link to the file under its name, then lets the object URL go', () => {
    jest.useFakeTimers();
    const created = jest.fn(() => 'blob:file');
    const revoked = jest.fn();
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: revoked });
    const clicked: Array<{ href: string; download: string }> = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ href: this.href, download: this.download });
    });
    const blob = new Blob(['a,b'], { type: 'text/csv' });

    downloadBlob(blob, 'North paddock season.csv');

    expect(created).toHaveBeenCalledWith(blob);
    expect(clicked).toEqual([{ href: 'blob:file', download: 'North paddock season.csv' }]);
    expect(document.querySelector('a')).toBeNull();
    jest.runAllTimers();
    expect(revoked).toHaveBeenCalledWith('blob:file');
    click.mockRestore();
    jest.useRealTimers();
  });
});
