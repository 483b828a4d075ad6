import Mustache

/// A text value renders as itself: swift-mustache then takes it at its first question (is it
/// custom-renderable?) rather than after asking whether it is a lambda and an optional and
/// printing it with `String(describing:)`, each a dynamic cast that fails. The text written is the
/// same; nearly every value of a page is a text.
extension String: @retroactive MustacheCustomRenderable {
    public var renderText: String { self }
    public var isNull: Bool { false }
}
