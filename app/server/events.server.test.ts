import { describe, expect, it, vi } from "vitest";
import { createEventBus, type AppEvent } from "./events.server";

describe("in-process event bus", () => {
  it("delivers a user's events to that user's subscribers only, until they unsubscribe", () => {
    const bus = createEventBus();
    const alice: AppEvent[] = [];
    const bob: AppEvent[] = [];
    const stopAlice = bus.subscribe("alice", (e) => alice.push(e));
    bus.subscribe("bob", (e) => bob.push(e));
    bus.publish("alice", { type: "listings-changed" });
    expect(alice).toEqual([{ type: "listings-changed" }]);
    expect(bob).toEqual([]);
    stopAlice();
    stopAlice();
    bus.publish("alice", { type: "listings-changed" });
    expect(alice).toHaveLength(1);
    expect(bus.listenerCount("alice")).toBe(0);
    expect(bus.listenerCount()).toBe(1);
  });

  it("keeps delivering when one listener throws", () => {
    const onListenerError = vi.fn();
    const bus = createEventBus({ onListenerError });
    const received = vi.fn();
    bus.subscribe("u", () => {
      throw new Error("connexion fermée");
    });
    bus.subscribe("u", received);
    bus.publish("u", { type: "listings-changed" });
    expect(received).toHaveBeenCalledOnce();
    expect(onListenerError).toHaveBeenCalledOnce();
  });
});
