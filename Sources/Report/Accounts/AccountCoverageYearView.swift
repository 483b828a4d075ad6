import Mustache

/// One calendar year of an account's statement coverage: twelve cells, January first.
public struct AccountCoverageYearView: MustacheParent, Sendable {
    public var year: String
    public var cells: [Cell]

    /// One month: `✓` whole, `◐` partly, `✗` none, empty before the data or after the month.
    public struct Cell: MustacheParent, Sendable {
        public var symbol: String
        /// `good`, `warn`, `bad` or `flat`.
        public var tone: String
        /// `October 2026: whole month`, for a tooltip and screen readers.
        public var title: String

        public func child(named name: String) -> Any? {
            switch name {
            case "symbol": symbol
            case "tone": tone
            case "title": title
            default: nil
            }
        }
    }

    public func child(named name: String) -> Any? {
        switch name {
        case "year": year
        case "cells": cells
        default: nil
        }
    }
}
