// Object.groupBy/Map.groupBy arrived in Node 21; the Better Auth CLI (auth:schema) needs them on Node 20.
if (!Object.groupBy)
  Object.groupBy = (items, fn) => {
    const o = Object.create(null);
    let i = 0;
    for (const it of items) {
      const k = fn(it, i++);
      (o[k] ??= []).push(it);
    }
    return o;
  };
if (!Map.groupBy)
  Map.groupBy = (items, fn) => {
    const m = new Map();
    let i = 0;
    for (const it of items) {
      const k = fn(it, i++);
      if (!m.has(k)) m.set(k, []);
      m.get(k).push(it);
    }
    return m;
  };
