#!/usr/bin/python3
"""The tiles benchmark's reference: a small XYZ tiler on Debian's python3-rasterio (GDAL) doing the
same work as the api's NDVI tiles, to compare throughput with.

Per tile: the part of the tile the fields' bbox covers, the overview level whose pixels are no
larger than the tile's, red and NIR warped to web mercator (bilinear) and SCL (nearest) through
WarpedVRT from the same Cloud-Optimized GeoTIFFs over HTTP range requests (/vsicurl/), L2A scale and
offset, NDVI, cloud and shadow from SCL, the red-yellow-green palette over a fixed 0-1 stretch,
clipped to the field polygons (rasterio.features.geometry_mask), PNG (zlib level 4).

Usage: reference-tiler.py CONFIG.json   with {"port", "captures": {date: {"red", "nir", "scl"}}, "fields": [GeoJSON geometry]}
Serves GET /tiles/{date}/{z}/{x}/{y}.png and GET /health; prints READY when listening.
"""
import json
import math
import os
import queue
import sys
import threading
import warnings
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

# Cloud-optimised reading over HTTP, as GDAL's documentation recommends for COGs.
os.environ.setdefault('GDAL_DISABLE_READDIR_ON_OPEN', 'EMPTY_DIR')
os.environ.setdefault('CPL_VSIL_CURL_ALLOWED_EXTENSIONS', '.tif')
os.environ.setdefault('GDAL_HTTP_MERGE_CONSECUTIVE_RANGES', 'YES')
os.environ.setdefault('VSI_CACHE', 'TRUE')

import numpy as np  # noqa: E402
import rasterio  # noqa: E402
from rasterio.errors import NotGeoreferencedWarning  # noqa: E402
from rasterio.enums import Resampling  # noqa: E402
from rasterio.features import geometry_mask  # noqa: E402
from rasterio.io import MemoryFile  # noqa: E402
from rasterio.transform import from_bounds  # noqa: E402
from rasterio.vrt import WarpedVRT  # noqa: E402
from rasterio.warp import transform as transform_points, transform_geom  # noqa: E402

HALF_WORLD = math.pi * 6378137
TILE = 256
L2A_SCALE, L2A_OFFSET = 0.0001, -0.1
NDVI_RANGE = (0.0, 1.0)
RED_YELLOW_GREEN = [
    (165, 0, 38), (215, 48, 39), (244, 109, 67), (253, 174, 97), (254, 224, 139), (255, 255, 191),
    (217, 239, 139), (166, 217, 106), (102, 189, 99), (26, 152, 80), (0, 104, 55),
]
CLOUD_RGBA = (255, 255, 255, 170)
# A PNG tile has no georeferencing, and GDAL writes PNG by copying from memory: both expected.
warnings.filterwarnings('ignore', category=NotGeoreferencedWarning)
SHADOW_RGBA = (70, 70, 80, 140)


def palette_lookup(palette):
    segments = len(palette) - 1
    lookup = np.zeros((256, 3), dtype=np.uint8)
    for i in range(256):
        position = i / 255 * segments
        segment = min(segments - 1, int(position))
        t = position - segment
        lookup[i] = [round(a + (b - a) * t) for a, b in zip(palette[segment], palette[segment + 1])]
    return lookup


LOOKUP = palette_lookup(RED_YELLOW_GREEN)


class Cog:
    """One COG: its CRS and levels, and a pool of open datasets per level (a dataset is not thread-safe)."""

    def __init__(self, url):
        self.path = '/vsicurl/' + url
        with rasterio.open(self.path) as full:
            self.crs = full.crs
            self.resolution = full.res[0]
            self.levels = [(None, self.resolution)] + [(i, self.resolution * f) for i, f in enumerate(full.overviews(1))]
        self.pools = {}

    def level_for(self, pixel_size):
        """The coarsest level whose pixels are no larger than the tile's."""
        chosen = self.levels[0][0]
        for level, resolution in self.levels:
            if resolution <= pixel_size * 1.000001:
                chosen = level
        return chosen

    def read(self, level, transform, width, height, resampling):
        pool = self.pools.setdefault(level, queue.SimpleQueue())
        try:
            dataset = pool.get_nowait()
        except queue.Empty:
            dataset = rasterio.open(self.path, **({} if level is None else {'overview_level': level}))
        try:
            with WarpedVRT(dataset, crs='EPSG:3857', transform=transform, width=width, height=height,
                           resampling=resampling, src_nodata=0, nodata=0) as vrt:
                return vrt.read(1)
        finally:
            pool.put(dataset)


class Tiler:
    def __init__(self, config):
        self.assets = config['captures']
        # COGs are opened on a capture's first tile, as the api does, so each run starts cold.
        self.captures = {}
        self.opening = threading.Lock()
        self.shapes = [transform_geom('EPSG:4326', 'EPSG:3857', geometry) for geometry in config['fields']]
        xs, ys = [], []
        for shape in self.shapes:
            for ring in shape['coordinates']:
                for x, y in ring:
                    xs.append(x)
                    ys.append(y)
        self.bbox = (min(xs), min(ys), max(xs), max(ys))

    def cogs_of(self, date):
        with self.opening:
            if date not in self.captures:
                self.captures[date] = {key: Cog(url) for key, url in self.assets[date].items()}
            return self.captures[date]

    def tile(self, date, z, x, y):
        cogs = self.cogs_of(date)
        size = 2 * HALF_WORLD / 2 ** z
        min_x, max_y = -HALF_WORLD + x * size, HALF_WORLD - y * size
        pixel = size / TILE
        # The part of the tile the fields' bbox covers, pixel-aligned (as the api clips its reads).
        col0 = max(0, math.floor((self.bbox[0] - min_x) / pixel))
        col1 = min(TILE, math.ceil((self.bbox[2] - min_x) / pixel))
        row0 = max(0, math.floor((max_y - self.bbox[3]) / pixel))
        row1 = min(TILE, math.ceil((max_y - self.bbox[1]) / pixel))
        rgba = np.zeros((4, TILE, TILE), dtype=np.uint8)
        if col1 > col0 and row1 > row0:
            width, height = col1 - col0, row1 - row0
            transform = from_bounds(min_x + col0 * pixel, max_y - row1 * pixel, min_x + col1 * pixel, max_y - row0 * pixel, width, height)
            rgba[:, row0:row1, col0:col1] = self.paint(cogs, transform, width, height, min_x + (col0 + col1) / 2 * pixel, max_y - (row0 + row1) / 2 * pixel, pixel)
        return encode_png(rgba)

    def paint(self, cogs, transform, width, height, centre_x, centre_y, pixel):
        # The tile's pixel size in the COGs' CRS, from its centre pixel's edges.
        xs, ys = transform_points('EPSG:3857', cogs['red'].crs, [centre_x, centre_x + pixel, centre_x], [centre_y, centre_y, centre_y + pixel])
        pixel_size = (math.hypot(xs[1] - xs[0], ys[1] - ys[0]) + math.hypot(xs[2] - xs[0], ys[2] - ys[0])) / 2
        bands = {}
        for key in ('red', 'nir', 'scl'):
            cog = cogs[key]
            resampling = Resampling.nearest if key == 'scl' else Resampling.bilinear
            bands[key] = cog.read(cog.level_for(pixel_size), transform, width, height, resampling)
        red = bands['red'].astype(np.float32) * L2A_SCALE + L2A_OFFSET
        nir = bands['nir'].astype(np.float32) * L2A_SCALE + L2A_OFFSET
        scl = bands['scl']
        with np.errstate(divide='ignore', invalid='ignore'):
            ndvi = (nir - red) / (nir + red)
        has_data = (bands['red'] > 0) & (bands['nir'] > 0) & (scl > 1)
        inside = geometry_mask(self.shapes, out_shape=(height, width), transform=transform, invert=True)
        cloud = inside & has_data & np.isin(scl, (8, 9, 10))
        shadow = inside & has_data & (scl == 3)
        clear = inside & has_data & ~cloud & ~shadow & np.isfinite(ndvi)
        low, high = NDVI_RANGE
        steps = np.clip(np.rint((np.nan_to_num(ndvi) - low) * (255 / (high - low))), 0, 255).astype(np.uint8)
        out = np.zeros((4, height, width), dtype=np.uint8)
        colours = LOOKUP[steps]
        for channel in range(3):
            out[channel][clear] = colours[..., channel][clear]
        out[3][clear] = 255
        for mask, colour in ((cloud, CLOUD_RGBA), (shadow, SHADOW_RGBA)):
            for channel in range(4):
                out[channel][mask] = colour[channel]
        return out


def encode_png(rgba):
    with MemoryFile() as memory:
        with memory.open(driver='PNG', width=TILE, height=TILE, count=4, dtype='uint8', ZLEVEL=4) as png:
            png.write(rgba)
        return memory.read()


def make_handler(tiler):
    class Handler(BaseHTTPRequestHandler):
        protocol_version = 'HTTP/1.1'

        def do_GET(self):
            parts = self.path.split('?')[0].strip('/').split('/')
            if parts == ['health']:
                return self.send(200, 'text/plain', b'ok')
            if len(parts) != 5 or parts[0] != 'tiles' or not parts[4].endswith('.png'):
                return self.send(404, 'text/plain', b'not found')
            date, z, x, y = parts[1], int(parts[2]), int(parts[3]), int(parts[4][:-4])
            if date not in tiler.assets:
                return self.send(404, 'text/plain', b'no such capture')
            try:
                body = tiler.tile(date, z, x, y)
            except Exception as error:  # the bench reports failures; the server keeps serving
                return self.send(500, 'text/plain', str(error).encode())
            self.send(200, 'image/png', body)

        def send(self, status, content_type, body):
            self.send_response(status)
            self.send_header('Content-Type', content_type)
            self.send_header('Content-Length', str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    return Handler


def main():
    with open(sys.argv[1]) as file:
        config = json.load(file)
    tiler = Tiler(config)
    server = ThreadingHTTPServer(('127.0.0.1', config['port']), make_handler(tiler))
    server.daemon_threads = True
    print('READY', flush=True)
    server.serve_forever()


if __name__ == '__main__':
    main()
