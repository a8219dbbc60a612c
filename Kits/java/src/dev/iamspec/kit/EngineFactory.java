package dev.iamspec.kit;

/**
 * Makes the {@link Engine} for one case: called for every {@code case} request, after the
 * previous case's engine was closed. A constructor reference ({@code MyAdapter::new}) or, from
 * Kotlin, a lambda ({@code { case -> MyAdapter(case) }}) is one.
 */
@FunctionalInterface
public interface EngineFactory {
    /**
     * A fresh engine for the case (nothing carries over from an earlier case); never null.
     * Throwing {@link Unsupported} declines the case (answered {@code skipped}); any other
     * exception answers {@code error}, and the next case is asked for as usual.
     */
    Engine make(Case testCase) throws Exception;
}
