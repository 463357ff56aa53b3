// Distinct photo-like JPEGs for bench:import-photos, generated once with sharp into a cache
// directory outside the repository (BENCH_PHOTO_CACHE, default ~/.cache/occazio-bench-photos)
// and reused: a later run with more photos only adds the missing ones.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";

export function photoCacheDir(width: number, height: number, root = process.env.BENCH_PHOTO_CACHE): string {
  return path.join(root || path.join(os.homedir(), ".cache", "occazio-bench-photos"), `${width}x${height}`);
}

export function cachedPhotoPath(dir: string, index: number): string {
  return path.join(dir, `${String(index).padStart(6, "0")}.jpg`);
}

/**
 * A photo-like scene as raw RGB (smooth sky and ground gradients, value noise at a 12-pixel
 * scale for foliage and gravel, sensor-like grain), so the encoders work about as hard as on
 * a camera photo: a flat image would be unrealistically cheap. Deterministic.
 */
function scene(width: number, height: number): Buffer {
  let seed = 35;
  const random = () => {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    return seed / 0x100000000;
  };
  const CELL = 12;
  const gridWidth = Math.ceil(width / CELL) + 1;
  const grid = Float32Array.from({ length: gridWidth * (Math.ceil(height / CELL) + 1) }, () => random() - 0.5);
  const at = (cx: number, cy: number) => grid[cy * gridWidth + cx] ?? 0;
  const noise = (x: number, y: number) => {
    const gx = Math.floor(x / CELL);
    const gy = Math.floor(y / CELL);
    const fx = (x % CELL) / CELL;
    const fy = (y % CELL) / CELL;
    const top = at(gx, gy) * (1 - fx) + at(gx + 1, gy) * fx;
    const bottom = at(gx, gy + 1) * (1 - fx) + at(gx + 1, gy + 1) * fx;
    return top * (1 - fy) + bottom * fy;
  };
  const pixels = Buffer.alloc(width * height * 3);
  const horizon = Math.round(height * 0.45);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const n = noise(x, y) * (y > horizon ? 90 : 25);
      const grain = (random() - 0.5) * 14;
      const i = (y * width + x) * 3;
      const sky = y <= horizon;
      const t = sky ? y / horizon : (y - horizon) / (height - horizon);
      pixels[i] = Math.max(0, Math.min(255, (sky ? 120 + 80 * t : 90 - 30 * t) + n + grain));
      pixels[i + 1] = Math.max(0, Math.min(255, (sky ? 160 + 60 * t : 110 - 20 * t) + n + grain));
      pixels[i + 2] = Math.max(0, Math.min(255, (sky ? 220 + 20 * t : 70 - 20 * t) + n * 0.8 + grain));
    }
  }
  return pixels;
}

/** One photo: the scene with a "car" of its own colour, place and size, and its number painted on it. */
async function render(base: Buffer, width: number, height: number, index: number): Promise<Buffer> {
  const carWidth = Math.round(width * (0.35 + ((index * 7) % 20) / 100));
  const carHeight = Math.round(carWidth * 0.4);
  const left = Math.round(((index * 131) % 1000) / 1000 * (width - carWidth));
  const top = Math.round(height * 0.45 + ((index * 17) % 100) / 100 * (height * 0.5 - carHeight));
  const colour = `rgb(${(index * 53) % 256},${(index * 97) % 256},${(index * 31) % 256})`;
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <rect x="${left}" y="${top}" width="${carWidth}" height="${carHeight}" rx="${Math.round(carHeight / 4)}" fill="${colour}"/>
      <circle cx="${left + carWidth * 0.2}" cy="${top + carHeight}" r="${carHeight * 0.22}" fill="#111"/>
      <circle cx="${left + carWidth * 0.8}" cy="${top + carHeight}" r="${carHeight * 0.22}" fill="#111"/>
      <text x="40" y="${height - 40}" font-family="sans-serif" font-size="64" fill="#fff">VO ${index}</text>
    </svg>`,
  );
  return sharp(base, { raw: { width, height, channels: 3 } })
    .composite([{ input: svg, left: 0, top: 0 }])
    .jpeg({ quality: 85 })
    .toBuffer();
}

/**
 * Makes sure photos 0 … count-1 exist in `dir`; the ones missing are made two at a time.
 * Returns how many were made and the average size of the photos.
 */
export async function ensurePhotoCache(options: {
  dir: string;
  count: number;
  width: number;
  height: number;
  log?: (line: string) => void;
}): Promise<{ made: number; averageBytes: number }> {
  const { dir, count, width, height } = options;
  fs.mkdirSync(dir, { recursive: true });
  const missing: number[] = [];
  for (let i = 0; i < count; i++) if (!fs.existsSync(cachedPhotoPath(dir, i))) missing.push(i);
  if (missing.length > 0) {
    options.log?.(`Génération de ${missing.length} photos ${width}×${height} dans ${dir}…`);
    const base = scene(width, height);
    const started = performance.now();
    let next = 0;
    const lane = async () => {
      while (next < missing.length) {
        const index = missing[next++]!;
        const bytes = await render(base, width, height, index);
        // Written under a temporary name first: an interrupted run leaves no truncated photo.
        const target = cachedPhotoPath(dir, index);
        fs.writeFileSync(`${target}.tmp`, bytes);
        fs.renameSync(`${target}.tmp`, target);
        if (next % 1000 === 0) options.log?.(`  ${next} / ${missing.length} (${((performance.now() - started) / 1000).toFixed(0)} s)`);
      }
    };
    await Promise.all([lane(), lane()]);
    options.log?.(`  faites en ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  let total = 0;
  const sample = Math.min(count, 200);
  for (let i = 0; i < sample; i++) total += fs.statSync(cachedPhotoPath(dir, Math.floor((i * count) / sample))).size;
  return { made: missing.length, averageBytes: sample ? total / sample : 0 };
}
