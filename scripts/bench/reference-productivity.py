#!/usr/bin/env python3
"""Reference productivity zoning for the zoning bench (issue 26), on the same index rasters as the api.

numpy: every capture whose field is at least half clear, standardised over its clear pixels inside the
field (z-score), averaged per pixel; then the reference zoning of reference-zoning.py (k-means classes,
rasterio sieve and shapes). Prints one JSON line per run: the time (ms, rasters in memory to polygons),
the time of the standardise-and-mean alone, the quality figures, and the largest difference between its
productivity raster and the engine's (over pixels both measured).

usage: reference-productivity.py <prefix>   (reads <prefix>.json, .index.f32, .clear.u8, .inside.u8,
.engine.f32, .engine-valid.u8), then one line per run on stdin, "<zones>".
"""
import importlib.util
import json
import math
import os
import sys
import time

import numpy as np
from rasterio.transform import from_bounds

spec = importlib.util.spec_from_file_location(
    "reference_zoning", os.path.join(os.path.dirname(os.path.abspath(__file__)), "reference-zoning.py")
)
reference_zoning = importlib.util.module_from_spec(spec)
spec.loader.exec_module(reference_zoning)

MIN_CLEAR_SHARE = 0.5
# Below this standard deviation a capture is uniform (bare soil): it is left out, as the engine does.
MIN_SPREAD = 1e-4


def load(prefix):
    meta = json.load(open(f"{prefix}.json"))
    width, height, n = meta["width"], meta["height"], meta["captures"]
    index = np.fromfile(f"{prefix}.index.f32", dtype="<f4").reshape(n, height, width)
    clear = np.fromfile(f"{prefix}.clear.u8", dtype=np.uint8).reshape(n, height, width).astype(bool)
    inside = np.fromfile(f"{prefix}.inside.u8", dtype=np.uint8).reshape(height, width).astype(bool)
    engine = np.fromfile(f"{prefix}.engine.f32", dtype="<f4").reshape(height, width)
    engine_valid = np.fromfile(f"{prefix}.engine-valid.u8", dtype=np.uint8).reshape(height, width).astype(bool)
    return meta, index, clear, inside, engine, engine_valid


def productivity(index, clear, inside):
    """Per-pixel mean of the z-scores of the captures at least half clear inside the field and not uniform."""
    use = clear & inside[None, :, :] & np.isfinite(index)
    counts = use.sum(axis=(1, 2))
    keep = counts >= MIN_CLEAR_SHARE * inside.sum()
    values = np.where(use[keep], index[keep], np.nan).astype(np.float64)
    mean = np.nanmean(values, axis=(1, 2))
    sd = np.nanstd(values, axis=(1, 2))
    spread = sd >= MIN_SPREAD
    z = (values[spread] - mean[spread, None, None]) / sd[spread, None, None]
    with np.errstate(invalid="ignore"):
        return np.nanmean(z, axis=0), int(spread.sum())


def main():
    prefix = sys.argv[1]
    meta, index, clear, inside, engine, engine_valid = load(prefix)
    min_x, min_y, max_x, max_y = meta["bbox"]
    transform = from_bounds(min_x, min_y, max_x, max_y, meta["width"], meta["height"])
    print(json.dumps({"ready": True}), flush=True)
    for line in sys.stdin:
        k = int(line.split()[0])
        started = time.perf_counter()
        import warnings

        with warnings.catch_warnings():
            warnings.simplefilter("ignore", category=RuntimeWarning)
            raster, used = productivity(index, clear, inside)
        measured = inside & np.isfinite(raster)
        values = np.where(measured, raster, np.nanmean(raster[measured]))
        mean_ms = (time.perf_counter() - started) * 1000
        field = {
            "values": values,
            "inside": inside,
            "measured": measured,
            "transform": transform,
            "ground": math.cos(math.radians(meta["latitude"])) ** 2,
            "min_pixels": meta["minPixels"],
            "sliver_ha": meta["sliverHa"],
        }
        figures = reference_zoning.zone(field, k)
        both = measured & engine_valid
        figures["meanMs"] = mean_ms
        figures["ms"] = mean_ms + figures["ms"]
        figures["captures"] = used
        figures["maxDifference"] = float(np.max(np.abs(raster[both] - engine[both]))) if both.any() else None
        print(json.dumps(figures), flush=True)


if __name__ == "__main__":
    main()
