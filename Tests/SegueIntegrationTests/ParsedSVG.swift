// An SVG document read back with Foundation's XMLParser, for the plot tests: parsing proves the output is
// well-formed XML, and the elements let a test check what was drawn.

import Foundation
import SegueTestSupport

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Every element of an XML document in document order, with its attributes and its own text.
struct ParsedSVG {
    struct Element {
        var name: String
        var attributes: [String: String]
        var text: String

        /// The words of the `class` attribute.
        var classes: [String] { (attributes["class"] ?? "").split(separator: " ").map(String.init) }
    }

    let elements: [Element]

    /// Parses `text`.
    /// - Throws: `HarnessError` with the parser's error and line when it is not well-formed.
    init(_ text: String) throws {
        let parser = XMLParser(data: Data(text.utf8))
        let collector = Collector()
        parser.delegate = collector
        guard parser.parse() else {
            throw HarnessError(
                "not well-formed XML at line \(parser.lineNumber), column \(parser.columnNumber): "
                    + "\(parser.parserError.map { "\($0)" } ?? "unknown error")")
        }
        elements = collector.elements
    }

    /// The document element.
    var root: Element? { elements.first }

    /// Elements named `name`, only those with `className` among their classes when it is given.
    func elements(_ name: String, class className: String? = nil) -> [Element] {
        elements.filter { $0.name == name && (className == nil || $0.classes.contains(className!)) }
    }

    /// Builds the element list from parser callbacks; text goes to the innermost open element.
    private final class Collector: NSObject, XMLParserDelegate {
        var elements: [Element] = []
        private var open: [Int] = []

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
            qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
        ) {
            open.append(elements.count)
            elements.append(Element(name: elementName, attributes: attributeDict, text: ""))
        }

        func parser(
            _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
            qualifiedName qName: String?
        ) {
            open.removeLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard let index = open.last else { return }
            elements[index].text += string
        }
    }
}
