import { describe, expect, it } from "vitest";
import { cgroupCpuQuota, connectionBudget, describeBudget } from "./connection-budget.server";

const files = (entries: Record<string, string>) => (file: string) => entries[file] ?? null;

describe("the CPUs of a container (cgroup quota), not the host's cores", () => {
  it.each([
    ["cgroup v2, 2 CPUs", { "/sys/fs/cgroup/cpu.max": "200000 100000\n" }, 2],
    ["cgroup v2, 1.5 CPUs", { "/sys/fs/cgroup/cpu.max": "150000 100000\n" }, 1.5],
    ["cgroup v2, unlimited", { "/sys/fs/cgroup/cpu.max": "max 100000\n" }, null],
    [
      "cgroup v1, 4 CPUs",
      { "/sys/fs/cgroup/cpu/cpu.cfs_quota_us": "400000\n", "/sys/fs/cgroup/cpu/cpu.cfs_period_us": "100000\n" },
      4,
    ],
    [
      "cgroup v1, unlimited",
      { "/sys/fs/cgroup/cpu/cpu.cfs_quota_us": "-1\n", "/sys/fs/cgroup/cpu/cpu.cfs_period_us": "100000\n" },
      null,
    ],
    ["no cgroup files", {}, null],
  ])("%s", (_name, entries, expected) => {
    expect(cgroupCpuQuota(files(entries))).toBe(expected);
  });
});

describe("connection budget", () => {
  it("counts the pool, the LISTEN connection (none with Redis) and the sitemap rebuild per worker", () => {
    expect(connectionBudget({ workers: 3, poolSize: 10, redis: false }).total).toBe(36);
    expect(connectionBudget({ workers: 3, poolSize: 10, redis: true }).total).toBe(33);
    expect(describeBudget(connectionBudget({ workers: 2, poolSize: 8, redis: true }))).toBe(
      "2 workers × (8 (pool) + 1 (plan du site)) = 18 connexions PostgreSQL au plus",
    );
  });

  it("counts what each read replica receives: every worker's read pool and the sitemap rebuild", () => {
    const budget = connectionBudget({ workers: 2, poolSize: 8, redis: false, replicas: 2 });
    expect(budget.total).toBe(20);
    expect(budget.replicaTotal).toBe(18);
    expect(describeBudget(budget)).toBe(
      "2 workers × (8 (pool) + 1 (LISTEN) + 1 (plan du site)) = 20 connexions PostgreSQL au plus ; " +
        "sur chacune des 2 répliques : 2 workers × (8 (pool de lecture) + 1 (plan du site)) = 18 connexions au plus",
    );
    expect(connectionBudget({ workers: 2, poolSize: 8, redis: false }).replicaTotal).toBe(0);
  });
});
